import { aaveOracleAbi } from "@compass/constants";
import {
  chainClient,
  devnetFixture,
  fundedEarnAccount,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  usdcBalance,
} from "@compass/testkit/live";
import { type Address, erc4626Abi, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * Earn on BNB Smart Chain (chain 56): its USDC is Binance's BEP-20 peg (18 decimals, no permit) and its
 * wrapped native token WBNB, so every amount the API parses, builds and reports must follow the token's own
 * decimals. The devnet runs Aave v3, Uniswap v3 and the plain ERC-4626 vaults there.
 */
const { url } = testEnv();
const CHAIN = "bsc";
const DEV = 7;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const usd = (amount: string) => parseUnits(amount, 18);
let account: Address;

beforeAll(async () => {
  account = await fundedEarnAccount(DEV, CHAIN, owner, "3000");
});

describe("earn on bsc (18-decimal Binance-Peg USDC)", () => {
  test("the account holds 18-decimal USDC, priced and listed by balances", async () => {
    expect(await usdcBalance(CHAIN, account)).toBeGreaterThanOrEqual(usd("3000"));
    const r = await getJson(`${url}/v2/earn/balances?chain=${CHAIN}&owner=${owner}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const usdc = r.body.balances.USDC;
    expect(usdc.balance).toBe(String(await usdcBalance(CHAIN, account)));
    expect(usdc.transfers.at(-1)).toMatchObject({ direction: "in", amount_formatted: "3000" });
    expect(Number(usdc.usd_value)).toBeGreaterThanOrEqual(3000);
  });

  test("Aave v3 supply and a plain ERC-4626 deposit: on chain in 18 decimals, in positions in human units", async () => {
    const aUsdc = contracts().AaveAToken_USDC!;
    const vault = contracts().Erc4626VaultUSDC!;
    // a stack kept from an earlier run already holds this account's positions
    const positions = async () => {
      const p = await getJson(`${url}/v2/earn/positions?chain=${CHAIN}&owner=${owner}`);
      expect(p.status, JSON.stringify(p.body)).toBe(200);
      const aave = p.body.aave.find((x: { reserve_symbol: string }) => x.reserve_symbol === "USDC");
      const held = p.body.vaults.find((v: { vault_address: string }) => v.vault_address === vault);
      return { aave, held, total: Number(p.body.total_usd_value ?? 0) };
    };
    const before = await positions();
    const [aBefore, usdcBefore] = [await balanceOf(aUsdc, account), await usdcBalance(CHAIN, account)];
    const supply = await postJson("/v2/earn/manage", {
      owner,
      chain: CHAIN,
      venue: { type: "AAVE", token: "USDC" },
      action: "DEPOSIT",
      amount: "1000",
    });
    expect(supply.status, JSON.stringify(supply.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, supply.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(usdcBefore - usd("1000"));
    expect((await balanceOf(aUsdc, account)) - aBefore - usd("1000")).toBeLessThanOrEqual(10n ** 9n);

    const deposit = await postJson("/v2/earn/manage", {
      owner,
      chain: CHAIN,
      venue: { type: "VAULT", vault_address: vault },
      action: "DEPOSIT",
      amount: "500.25",
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, deposit.body.transaction);
    const shares = await balanceOf(vault, account);
    const assets = await chainClient(CHAIN).readContract({
      address: vault,
      abi: erc4626Abi,
      functionName: "convertToAssets",
      args: [shares],
    });
    expect(usd("500.25") - assets).toBeLessThanOrEqual(2n);

    const { aave, held, total } = await positions();
    expect(aave).toMatchObject({ type: "AAVE", reserve_address: token("USDC") });
    expect(Number(aave.balance) - Number(before.aave?.balance ?? 0)).toBeCloseTo(1000, 2);
    expect(aave.deposits.at(-1)).toMatchObject({ input_amount: "1000", input_symbol: "USDC" });
    expect(held).toMatchObject({ underlying_symbol: "USDC", vault_name: "Devnet USDC Vault" });
    expect(Number(held.balance) - Number(before.held?.balance ?? 0)).toBeCloseTo(500.25, 2);
    expect(total - before.total).toBeCloseTo(1500.25, 0);
  });

  test("a swap through the aggregator: USDC → WBNB at BNB's price, delivered to the account", async () => {
    const wbnb = token("WBNB");
    const [wbnbBefore, usdcBefore] = [await balanceOf(wbnb, account), await usdcBalance(CHAIN, account)];
    const swap = await postJson("/v2/earn/swap", {
      owner,
      chain: CHAIN,
      token_in: "USDC",
      token_out: "WBNB",
      amount_in: "600",
      slippage: 0.5,
    });
    expect(swap.status, JSON.stringify(swap.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, swap.body.transaction);
    expect(await usdcBalance(CHAIN, account)).toBe(usdcBefore - usd("600"));
    const got = (await balanceOf(wbnb, account)) - wbnbBefore;
    expect(got).toBeGreaterThanOrEqual((parseUnits(swap.body.estimated_amount_out, 18) * 995n) / 1000n);
    // at BNB's price (about 600 USD, where the same USDC buys ~0.2 ETH on the ETH chains): the feed follows the
    // deeper pool at each activity round, the aggregator takes whichever pool is cheaper now
    const bnbUsd = await chainClient(CHAIN).readContract({
      address: contracts().AaveOracle!,
      abi: aaveOracleAbi,
      functionName: "getAssetPrice",
      args: [wbnb],
    });
    expect(Number(bnbUsd) / 1e8).toBeGreaterThan(300);
    expect(Number(bnbUsd) / 1e8).toBeLessThan(1200);
    expect((Number(got) / 1e18) * (Number(bnbUsd) / 1e8)).toBeGreaterThan(600 * 0.8);
    expect((Number(got) / 1e18) * (Number(bnbUsd) / 1e8)).toBeLessThan(600 * 1.25);
  });

  test("the market reads list bsc's own markets", async () => {
    const aave = await getJson(`${url}/v2/earn/aave_markets?chain=${CHAIN}`);
    expect(aave.status, JSON.stringify(aave.body)).toBe(200);
    expect(Object.keys(aave.body.markets).sort()).toEqual(["USDC", "USDT", "WBNB"]);
    expect(Number(aave.body.markets.USDC.chains.bsc.supply_apy)).toBeGreaterThan(0);

    const vaults = await getJson(`${url}/v2/earn/vaults?chain=${CHAIN}&order_by=tvl_usd`);
    expect(vaults.status, JSON.stringify(vaults.body)).toBe(200);
    const listed = vaults.body.vaults.map((v: { vault_address: string }) => v.vault_address);
    expect(listed).toEqual(
      expect.arrayContaining([contracts().Erc4626VaultUSDC, contracts().Erc4626VaultWBNB]),
    );
    const wbnbVault = vaults.body.vaults.find(
      (v: { vault_address: string }) => v.vault_address === contracts().Erc4626VaultWBNB,
    );
    expect(wbnbVault).toMatchObject({ chain: CHAIN, asset_symbol: "WBNB", symbol: "dvWBNB" });
    // the vault's WBNB (100 seeded, moved by the activity) at BNB's price now (the feed follows the pools, which the devnet's activity moves
    // at every clock advance the other tests make)
    const bnbUsd = await chainClient(CHAIN).readContract({
      address: contracts().AaveOracle!,
      abi: aaveOracleAbi,
      functionName: "getAssetPrice",
      args: [token("WBNB")],
    });
    const assets = await chainClient(CHAIN).readContract({
      address: contracts().Erc4626VaultWBNB!,
      abi: erc4626Abi,
      functionName: "totalAssets",
    });
    expect(Number(assets) / 1e18).toBeGreaterThan(50);
    expect(Number(wbnbVault.tvl_usd)).toBeCloseTo((Number(assets) / 1e18) * (Number(bnbUsd) / 1e8), -2);

    // no Pendle market on the devnet's bsc: an empty list, not an error
    const pendle = await getJson(`${url}/v2/earn/pendle_markets?chain=${CHAIN}&order_by=tvl_usd`);
    expect(pendle.status, JSON.stringify(pendle.body)).toBe(200);
    expect(pendle.body.markets).toEqual([]);
  });

  test("behavior: the peg has no permit, so a sponsored Permit2 approval is a 422 naming the field", async () => {
    const r = await postJson("/v2/gas_sponsorship/approve_transfer", {
      owner,
      chain: CHAIN,
      token: "USDC",
      gas_sponsorship: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(422);
    expect(r.body.detail[0].loc).toEqual(["body", "gas_sponsorship"]);
  });
});
