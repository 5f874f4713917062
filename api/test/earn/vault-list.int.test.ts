import { aaveOracleAbi } from "@compass/constants";
import { addressBook, advanceDevnet, chainClient, getJson, testEnv } from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import { type Address, erc20Abi, erc4626Abi, formatUnits } from "viem";
import { describe, expect, test } from "vitest";

/**
 * `GET /v2/earn/vaults`: the vaults the deployment lists, each figure read from chain and checked here
 * against the chain directly — TVL as totalAssets × the oracle's price, filters, order and pages, and a
 * trailing APY that follows the share price.
 */
const { url } = testEnv();
const CHAIN = "ethereum";
const DEV = 6;
const contracts = (chain = CHAIN) => addressBook().chains[chain]!.contracts as Record<string, Address>;

const list = async (query: string) => {
  const r = await getJson(`${url}/v2/earn/vaults?${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { total: number; offset: number; limit: number; vaults: Record<string, any>[] };
};

describe("earn: the vault list", () => {
  test("default: every listed vault with TVL from chain, sorted and paged", async () => {
    const all = await list("order_by=tvl_usd");
    // the devnet lists a plain OpenZeppelin USDC and WETH vault on each earn chain
    expect(all.total).toBe(6);
    const tvls = all.vaults.map((v) => Number(v.tvl_usd));
    expect(tvls).toEqual([...tvls].sort((a, b) => b - a));
    const client = chainClient(CHAIN);
    for (const symbol of ["USDC", "WETH"]) {
      const address = contracts()[`Erc4626Vault${symbol}`]!;
      const info = all.vaults.find((v) => v.vault_address === address)!;
      const assets = await client.readContract({ address, abi: erc4626Abi, functionName: "totalAssets" });
      const asset = await client.readContract({ address, abi: erc4626Abi, functionName: "asset" });
      const price = await client.readContract({
        address: contracts().AaveOracle!,
        abi: aaveOracleAbi,
        functionName: "getAssetPrice",
        args: [asset],
      });
      const decimals = symbol === "USDC" ? 6 : 18;
      expect(Number(info.tvl_usd)).toBeCloseTo(
        (Number(formatUnits(assets, decimals)) * Number(price)) / 1e8,
        2,
      );
      expect(info).toMatchObject({ chain: CHAIN, asset, asset_symbol: symbol, markets: [] });
      expect(Number(info.liquidity_usd)).toBeLessThanOrEqual(Number(info.tvl_usd));
      // an OpenZeppelin vault takes any amount: no cap
      expect(info.deposit_cap).toBeUndefined();
    }
    const page = await list("order_by=tvl_usd&offset=1&limit=2");
    expect(page).toMatchObject({ total: 6, offset: 1, limit: 2 });
    expect(page.vaults.map((v) => v.vault_address)).toEqual(
      all.vaults.slice(1, 3).map((v) => v.vault_address),
    );
    const usdc = await list(
      `order_by=name&direction=asc&chain=${CHAIN}&asset_symbol=usdc&min_deposit_cap_usd=0`,
    );
    expect(usdc.vaults.map((v) => v.vault_address)).toEqual([contracts().Erc4626VaultUSDC]);
    const rich = await list(`order_by=tvl_usd&min_tvl_usd=${Math.floor(tvls[0]!) + 1}`);
    expect(rich.total).toBe(0);
  });

  test("behavior: the trailing APY follows the share price the vault's events show", async () => {
    const address = contracts("base").Erc4626VaultUSDC!;
    const usdc = addressBook().tokens!.base!.USDC!.address as Address;
    const wallet = devWallet(DEV, "base");
    const send = async (hash: Promise<`0x${string}`>) =>
      expect((await wallet.waitForTransactionReceipt({ hash: await hash })).status).toBe("success");
    // a deposit records the share price; a day later the vault's assets have grown by a donation of 0.1%
    await send(
      wallet.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "approve",
        args: [address, 100_000_000n],
      }),
    );
    await send(
      wallet.writeContract({
        address,
        abi: erc4626Abi,
        functionName: "deposit",
        args: [100_000_000n, wallet.account.address],
      }),
    );
    await advanceDevnet(86_400);
    const total = await chainClient("base").readContract({
      address,
      abi: erc4626Abi,
      functionName: "totalAssets",
    });
    await send(
      wallet.writeContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "transfer",
        args: [address, total / 1000n],
      }),
    );
    const info = (await list("order_by=apy_7d&chain=base")).vaults.find((v) => v.vault_address === address)!;
    // the donation alone grew the share price by 0.1 % within the last 7 days (earlier history of the suite's
    // clock decides where the window starts): at least (1.001^(365/7) − 1) = 5.35 % a year
    expect(Number(info.apy_7d)).toBeGreaterThan(5.35);
    expect(Number(info.apy_7d)).toBeLessThan(1000);
    expect(Number(info.apy_30d)).toBeGreaterThan(0);
    const bad = await getJson(`${url}/v2/earn/vaults?order_by=riskiest`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "order_by"]);
    const hex = await getJson(`${url}/v2/earn/vaults?order_by=name&limit=0x10`);
    expect(hex.status).toBe(422);
    expect(hex.body.detail[0].loc).toEqual(["query", "limit"]);
  });
});
