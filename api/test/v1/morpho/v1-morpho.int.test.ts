import { morphoBlueAbi } from "@compass/constants";
import {
  chainClient,
  devnetFixture,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
  wrapNative,
} from "@compass/testkit/live";
import { type Address, formatUnits, type Hex, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * The v1 Morpho group on arbitrum's Morpho Blue (the protocol's own singleton, rate model and the devnet's
 * oracles) and its MetaMorpho USDC vault: the reads checked against the singleton's own views, a borrow opened,
 * repaid in full by shares and closed by a dev wallet, and a vault deposit and withdrawal, each read on chain.
 */
const { url } = testEnv();
const CHAIN = "arbitrum";
const DEV = 1;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const client = () => chainClient(CHAIN);
const morpho = () => contracts().MorphoBlue!;
const get = (path: string) => getJson(`${url}/v1/morpho/${path}`);
const write = (path: string, body: Record<string, unknown>) =>
  postJson(`/v1/${path}`, { chain: CHAIN, sender: owner, ...body });
let wethMarket: Hex;

const position = (id: Hex) =>
  client().readContract({
    address: morpho(),
    abi: morphoBlueAbi,
    functionName: "position",
    args: [id, owner],
  }) as Promise<readonly [bigint, bigint, bigint]>;
async function allow(tokenSymbol: string, contract: string, amount: string) {
  const r = await write("generic/allowance/set", { token: tokenSymbol, contract, amount });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await sendUnsigned(DEV, CHAIN, r.body.transaction);
}

beforeAll(async () => {
  const r = await get(`markets?chain=${CHAIN}&collateral_token=WETH&loan_token=USDC`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.markets).toHaveLength(1);
  wethMarket = r.body.markets[0].uniqueKey;
  await wrapNative(DEV, CHAIN, "2");
});

describe("v1 morpho", () => {
  test("default: markets and a market are the singleton's own figures", async () => {
    const all = await get(`markets?chain=${CHAIN}`);
    expect(all.body.markets.length).toBeGreaterThanOrEqual(2);
    const listed = all.body.markets.find((m: any) => m.uniqueKey === wethMarket);
    const params = (await client().readContract({
      address: morpho(),
      abi: morphoBlueAbi,
      functionName: "idToMarketParams",
      args: [wethMarket],
    })) as readonly [Address, Address, Address, Address, bigint];
    expect(BigInt(listed.lltv)).toBe(params[4]);
    expect(listed.oracleAddress).toBe(params[2]);
    expect(listed.loanAsset).toMatchObject({ symbol: "USDC", decimals: 6, address: token("USDC") });
    const [supplyAssets] = (await client().readContract({
      address: morpho(),
      abi: morphoBlueAbi,
      functionName: "market",
      args: [wethMarket],
    })) as readonly bigint[];
    // the stored total plus interest to the next block
    expect(BigInt(listed.state.supplyAssets)).toBeGreaterThanOrEqual(supplyAssets!);
    expect(Number(BigInt(listed.state.supplyAssets) - supplyAssets!)).toBeLessThan(
      Number(supplyAssets!) * 1e-4,
    );
    expect(listed.state.borrowApy).toBeGreaterThan(listed.state.supplyApy);

    const listedVaults = await get(`vaults?chain=${CHAIN}&deposit_token=USDC`);
    expect(listedVaults.status, JSON.stringify(listedVaults.body)).toBe(200);
    const metaMorpho = listedVaults.body.vaults.find((v: any) => v.address === contracts().MetaMorphoUSDC);
    expect(metaMorpho).toMatchObject({ asset: { symbol: "USDC", decimals: 6 }, whitelisted: true });
    expect(metaMorpho.state.netApy).toBeGreaterThan(0);
    expect((await get(`vaults?chain=${CHAIN}&deposit_token=WETH`)).body.vaults).toEqual([]);

    const one = await get(`market?chain=${CHAIN}&unique_market_key=${wethMarket}`);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.lltv).toBe(params[4].toString());
    expect(one.body.collateralAsset.symbol).toBe("WETH");
    // the activity lends on this market: a month of interest shows in both sides' share prices
    expect(Number(one.body.monthlyApys.borrowApy)).toBeGreaterThan(0);
    expect(Number(one.body.monthlyApys.supplyApy)).toBeGreaterThan(0);
    expect(Number(one.body.monthlyApys.borrowApy)).toBeGreaterThan(Number(one.body.monthlyApys.supplyApy));
  });

  test("default: collateral in, borrow, the position read back, repay ALL by shares, collateral out", async () => {
    const [weth, usdc] = [token("WETH"), token("USDC")];
    const refused = await write("morpho/supply_collateral", { unique_market_key: wethMarket, amount: "1" });
    expect(refused.status).toBe(422);
    expect(refused.body.detail[0].msg).toMatch(/Morpho/);
    await allow("WETH", "Morpho", "1");
    const supply = await write("morpho/supply_collateral", { unique_market_key: wethMarket, amount: "1" });
    expect(supply.status, JSON.stringify(supply.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, supply.body.transaction);
    expect((await position(wethMarket))[2]).toBe(parseUnits("1", 18));

    const greedy = await write("morpho/borrow", { unique_market_key: wethMarket, amount: "1000000" });
    expect(greedy.status).toBe(422);
    expect(greedy.body.detail[0].loc).toEqual(["body", "amount"]);
    const usdcBefore = await balanceOf(usdc, owner);
    const borrow = await write("morpho/borrow", { unique_market_key: wethMarket, amount: "500" });
    expect(borrow.status, JSON.stringify(borrow.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, borrow.body.transaction);
    expect(await balanceOf(usdc, owner)).toBe(usdcBefore + parseUnits("500", 6));

    const pos = await get(
      `market_position?chain=${CHAIN}&user_address=${owner}&unique_market_key=${wethMarket}`,
    );
    expect(pos.status, JSON.stringify(pos.body)).toBe(200);
    expect(BigInt(pos.body.borrow_shares)).toBe((await position(wethMarket))[1]);
    expect(Number(pos.body.borrow_amount)).toBeCloseTo(500, 3);
    expect(pos.body.collateral_amount).toBe("1");
    expect(pos.body.liquidation_loan_to_value_threshold).toBe("0.86");
    const ltv = Number(pos.body.current_loan_to_value);
    expect(ltv).toBeGreaterThan(0.05);
    expect(ltv).toBeLessThan(0.5);

    // the wallet's Morpho: this market's position, its health as the market measures it
    const user = await get(`user_position?chain=${CHAIN}&user_address=${owner}`);
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    const here = user.body.marketPositions.find((p: any) => p.market.uniqueKey === wethMarket);
    expect(here.state.collateral).toBe("1");
    expect(Number(here.state.borrowAssets)).toBeCloseTo(500, 3);
    expect(here.state.borrowShares).toBe((await position(wethMarket))[1].toString());
    // health = collateral × price × LLTV ÷ debt, and the price may fall by 1 − 1/health before liquidation
    expect(Number(here.healthFactor)).toBeCloseTo(0.86 / ltv, 2);
    expect(Number(here.priceVariationToLiquidationPrice)).toBeCloseTo(1 - 1 / Number(here.healthFactor), 4);
    expect(Number(user.body.state.marketsBorrowAssetsUsd)).toBeCloseTo(500, 0);

    const stuck = await write("morpho/withdraw_collateral", { unique_market_key: wethMarket, amount: "1" });
    expect(stuck.status).toBe(422);
    expect(stuck.body.detail[0].msg).toMatch(/repay first/);

    await allow("USDC", "Morpho", "501");
    const repay = await write("morpho/repay", { unique_market_key: wethMarket, amount: "ALL" });
    expect(repay.status, JSON.stringify(repay.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, repay.body.transaction);
    expect((await position(wethMarket))[1]).toBe(0n);

    const wethBefore = await balanceOf(weth, owner);
    const out = await write("morpho/withdraw_collateral", { unique_market_key: wethMarket, amount: "1" });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, out.body.transaction);
    expect(await balanceOf(weth, owner)).toBe(wethBefore + parseUnits("1", 18));
    expect((await position(wethMarket))[2]).toBe(0n);
  });

  test("default: a MetaMorpho deposit and a withdrawal of ALL, the vault read with the user between", async () => {
    const vault = contracts().MetaMorphoUSDC!;
    await allow("USDC", vault, "100");
    const dep = await write("morpho/deposit", { vault_address: vault, amount: "100" });
    expect(dep.status, JSON.stringify(dep.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, dep.body.transaction);
    const shares = await balanceOf(vault, owner);
    expect(shares).toBeGreaterThan(0n);
    const read = await get(`vault?chain=${CHAIN}&vault_address=${vault}&user_address=${owner}`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.user_position.amount_of_shares).toBe(formatUnits(shares, read.body.decimals));
    expect(Number(read.body.user_position.amount_in_underlying_token)).toBeCloseTo(100, 2);
    const user = await get(`user_position?chain=${CHAIN}&user_address=${owner}`);
    const held = user.body.vaultPositions.find((p: any) => p.vault.address === vault);
    expect(held.state.shares).toBe(formatUnits(shares, read.body.decimals));
    expect(Number(held.state.assets)).toBeCloseTo(100, 2);
    // just deposited: what it is worth is what went in, to the vault's rounding
    expect(Math.abs(Number(held.state.pnlUsd))).toBeLessThan(0.05);
    const all = await write("morpho/withdraw", { vault_address: vault, amount: "ALL" });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, all.body.transaction);
    expect(await balanceOf(vault, owner)).toBe(0n);
  });

  test("error: a malformed market key, a market that does not exist, more repaid than owed", async () => {
    const bad = await get(`market?chain=${CHAIN}&unique_market_key=0x1234`);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "unique_market_key"]);
    const none = await get(`market?chain=${CHAIN}&unique_market_key=0x${"ab".repeat(32)}`);
    expect(none.status).toBe(422);
    expect(none.body.detail[0].loc).toEqual(["query", "unique_market_key"]);
    const nothing = await write("morpho/repay", { unique_market_key: wethMarket, amount: "ALL" });
    expect(nothing.status).toBe(422);
    expect(nothing.body.detail[0].msg).toMatch(/owes nothing/);
  });
});
