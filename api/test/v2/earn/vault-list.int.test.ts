import { aaveOracleAbi, morphoBlueAbi } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import { addressBook, advanceDevnet, chainClient, getJson, testEnv } from "@compass/testkit/live";
import { devWallet } from "@compass/testkit/wallet";
import {
  type Address,
  erc20Abi,
  erc4626Abi,
  formatUnits,
  type Hex,
  parseAbi,
  parseEventLogs,
  toHex,
} from "viem";
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
    // the devnet lists a plain OpenZeppelin USDC and WETH vault, a MetaMorpho-ABI and an Euler-ABI USDC vault
    // on ethereum, arbitrum and base, and the two plain vaults (USDC, WBNB) on bsc; a stack kept from an earlier
    // run also has the vaults this file's factory test created
    const listed = Object.values(addressBook().chains).flatMap((c) =>
      Object.keys(c.contracts).filter((name) => /^(Erc4626Vault|MetaMorpho|EulerVault)/.test(name)),
    );
    expect(listed).toHaveLength(14);
    expect(all.total).toBeGreaterThanOrEqual(14);
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
    expect(page).toMatchObject({ total: all.total, offset: 1, limit: 2 });
    expect(page.vaults.map((v) => v.vault_address)).toEqual(
      all.vaults.slice(1, 3).map((v) => v.vault_address),
    );
    const usdc = await list(
      `order_by=name&direction=asc&chain=${CHAIN}&asset_symbol=usdc&min_deposit_cap_usd=0`,
    );
    expect(usdc.vaults.map((v) => v.vault_address).slice(0, 3)).toEqual([
      contracts().MetaMorphoUSDC,
      contracts().Erc4626VaultUSDC,
      contracts().EulerVaultUSDC,
    ]);
    // the MetaMorpho-ABI vault: TVL is its Blue supply (totalAssets) × price, the cap is its caps' room
    const morpho = all.vaults.find((v) => v.vault_address === contracts().MetaMorphoUSDC)!;
    const morphoAssets = await client.readContract({
      address: contracts().MetaMorphoUSDC!,
      abi: erc4626Abi,
      functionName: "totalAssets",
    });
    expect(Number(morpho.tvl_usd)).toBeCloseTo(Number(formatUnits(morphoAssets, 6)), 0);
    expect(Number(morpho.deposit_cap)).toBeGreaterThan(0);
    expect(Number(morpho.deposit_cap)).toBeLessThanOrEqual(8_000_000);
    // its allocations are Blue's own figures: where the vault supplies, the caps, and what can leave now
    expect(morpho.protocol).toBe("MORPHO");
    expect(morpho.markets.length).toBe(2);
    const blue = contracts().MorphoBlue!;
    let supplied = 0n;
    let withdrawable = 0n;
    for (const m of morpho.markets) {
      const [loan, collateral, , , lltv] = await client.readContract({
        address: blue,
        abi: morphoBlueAbi,
        functionName: "idToMarketParams",
        args: [m.market_id as Hex],
      });
      expect(m).toMatchObject({ loan_token: loan, collateral_token: collateral, lltv: lltv.toString() });
      expect(m.loan_token_symbol).toBe("USDC");
      const [totalSupply, totalShares, totalBorrow] = await client.readContract({
        address: blue,
        abi: morphoBlueAbi,
        functionName: "market",
        args: [m.market_id as Hex],
      });
      const [shares] = await client.readContract({
        address: blue,
        abi: morphoBlueAbi,
        functionName: "position",
        args: [m.market_id as Hex, contracts().MetaMorphoUSDC!],
      });
      const assets = (shares * (totalSupply + 1n)) / (totalShares + 10n ** 6n);
      expect(BigInt(m.supply_assets)).toBe(assets);
      expect(BigInt(m.supply_cap)).toBeGreaterThan(0n);
      supplied += assets;
      withdrawable += assets < totalSupply - totalBorrow ? assets : totalSupply - totalBorrow;
    }
    expect(Number(formatUnits(supplied, 6))).toBeCloseTo(Number(formatUnits(morphoAssets, 6)), 0);
    const pct = morpho.markets.reduce(
      (sum: number, m: { allocation_pct: number }) => sum + m.allocation_pct,
      0,
    );
    expect(pct).toBeGreaterThan(99.9);
    expect(pct).toBeLessThanOrEqual(100);
    // what can leave now: each market's share of the vault's supply, bounded by what borrowers left idle there
    expect(Number(morpho.liquidity_usd)).toBeCloseTo(Number(formatUnits(withdrawable, 6)), 0);
    const rich = await list(`order_by=tvl_usd&min_tvl_usd=${Math.floor(tvls[0]!) + 1}`);
    expect(rich.total).toBe(0);
  });

  test("behavior: the trailing APY follows the share price the vault's events show", async () => {
    const address = contracts("base").Erc4626VaultUSDC!;
    const usdc = addressBook().tokens!.base!.USDC!.address as Address;
    const wallet = devWallet(DEV, "base");
    const send = async (hash: Promise<`0x${string}`>) =>
      expect((await minedReceipt(wallet, await hash)).status).toBe("success");
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

  test("behavior: a vault a MetaMorpho factory creates is listed without any configuration", async () => {
    const chain = "arbitrum";
    const wallet = devWallet(DEV, chain);
    const usdc = addressBook().tokens![chain]!.USDC!.address as Address;
    const factoryAbi = parseAbi([
      "function createMetaMorpho(address initialOwner, uint256 initialTimelock, address asset, string name, string symbol, bytes32 salt) returns (address)",
      "event CreateMetaMorpho(address indexed metaMorpho, address indexed caller, address initialOwner, uint256 initialTimelock, address indexed asset, string name, string symbol, bytes32 salt)",
    ]);
    const before = await list(`order_by=name&chain=${chain}`);
    const hash = await wallet.writeContract({
      address: contracts(chain).MorphoVaultFactory!,
      abi: factoryAbi,
      functionName: "createMetaMorpho",
      args: [
        wallet.account.address,
        86_400n,
        usdc,
        "Test Curated USDC",
        "tcUSDC",
        toHex(Date.now(), { size: 32 }),
      ],
    });
    const receipt = await minedReceipt(wallet, hash);
    const [created] = parseEventLogs({ abi: factoryAbi, logs: receipt.logs, eventName: "CreateMetaMorpho" });
    const vault = created!.args.metaMorpho;
    const after = await list(`order_by=name&chain=${chain}`);
    expect(after.total).toBe(before.total + 1);
    expect(after.vaults.find((v) => v.vault_address === vault)).toMatchObject({
      protocol: "MORPHO",
      name: "Test Curated USDC",
      symbol: "tcUSDC",
      asset: usdc,
      owner: "0x0000000000000000000000000000000000000000",
      tvl_usd: "0",
      markets: [],
    });
  });
});
