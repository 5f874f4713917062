import { aaveOracleAbi, aavePoolAbi } from "@compass/constants";
import {
  chainClient,
  devnetFixture,
  fundedCreditAccount,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { type Address, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * A leverage loop on Aave v3 from the Credit Account: WETH levered 3× against USDC debt in one transaction of
 * legs (borrow, swap through the aggregator twin, supply the floor), previewed first without a transaction,
 * the result asserted on chain against the preview; then unwound to 1.5× and closed, each in one transaction
 * (withdraw, swap back, repay), with the WETH back in the account within the slippage asked. Targets out of
 * reach are refused before anything is signed.
 */
const CHAIN = "ethereum";
const DEV = 5;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
let account: Address;
const aWeth = () => balanceOf(contracts().AaveAToken_WETH!, account);
const usdcDebt = () => balanceOf(contracts().AaveVariableDebtToken_USDC!, account);
const weth = () => balanceOf(token("WETH"), account);
const unloop = (fields: Record<string, unknown>) =>
  postJson("/v2/credit/unloop", {
    owner,
    chain: CHAIN,
    collateral_token: "WETH",
    borrow_token: "USDC",
    max_slippage_percent: "0.5",
    ...fields,
  });
const loop = (fields: Record<string, unknown>) =>
  postJson("/v2/credit/loop", {
    owner,
    chain: CHAIN,
    collateral_token: "WETH",
    borrow_token: "USDC",
    initial_collateral_amount: "1",
    multiplier: "3",
    loan_to_value: "75",
    max_slippage_percent: "0.5",
    ...fields,
  });

/** WETH in USD at the pool's oracle (8 decimals), as Aave values the collateral */
async function wethPriceUsd(): Promise<number> {
  const price = await chainClient(CHAIN).readContract({
    address: contracts().AaveOracle!,
    abi: aaveOracleAbi,
    functionName: "getAssetPrice",
    args: [token("WETH")],
  });
  return Number(price) / 1e8;
}

beforeAll(async () => {
  account = await fundedCreditAccount(DEV, CHAIN, owner, "WETH", "1");
});

describe("credit: leverage loop on Aave v3", () => {
  test("default: a preview, then the loop in one transaction lands 3× the seed as collateral, as previewed", async () => {
    const [collateralBefore, debtBefore] = [await aWeth(), await usdcDebt()];
    const preview = await loop({ preview: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ transaction: null, eip_712: null, swap_provider: "one_inch" });
    const p = preview.body.preview;
    expect(Math.abs(Number(p.achieved_multiplier) - 3)).toBeLessThanOrEqual(3 * 0.005);
    expect(p.iterations).toBe(p.legs.length - 1);
    expect(p.iterations).toBeGreaterThanOrEqual(2);
    expect(Number(p.projected_ltv)).toBeLessThanOrEqual(75);
    expect(Number(p.projected_health_factor)).toBeGreaterThan(1);
    // a preview spends nothing
    expect(await aWeth()).toBe(collateralBefore);

    const r = await loop({});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, r.body.transaction);
    const supplied = (await aWeth()) - collateralBefore;
    const owed = (await usdcDebt()) - debtBefore;
    // at least the floors the preview guaranteed, and within the 0.5 % of the target
    expect(supplied).toBeGreaterThanOrEqual(parseUnits(r.body.preview.total_collateral_supplied, 18) - 10n);
    expect(Number(supplied) / 1e18).toBeGreaterThan(3 * 0.995);
    expect(Number(supplied) / 1e18).toBeLessThan(3 * 1.005);
    expect(Number(owed) / 1e6).toBeCloseTo(Number(r.body.preview.total_borrowed), 0);
    const [, , , , , health] = await chainClient(CHAIN).readContract({
      address: contracts().AavePool!,
      abi: aavePoolAbi,
      functionName: "getUserAccountData",
      args: [account],
    });
    expect(Number(health) / 1e18).toBeGreaterThan(1);
  });

  test("default: unwound to 1.5× and then closed, each in one transaction; the WETH comes back within the slippage asked", async () => {
    const wethBefore = await weth();
    const looped = async () => {
      const r = await getJson(`${testEnv().url}/v2/credit/looped_positions?chain=${CHAIN}&owner=${owner}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    // the loop reads back as an open position: one loop_open transaction with its legs and its swap
    const opened = await looped();
    expect(opened.credit_account_address).toBe(account);
    expect(opened.positions).toHaveLength(1);
    const [open] = opened.positions;
    expect(open).toMatchObject({
      protocol: "AAVE",
      collateral_symbol: "WETH",
      debt_symbol: "USDC",
      status: "OPEN",
    });
    expect(open.history.map((h: any) => h.classification)).toEqual(["loop_open"]);
    expect(open.history[0].iterations).toBeGreaterThanOrEqual(2);
    expect(Number(open.history[0].swap.sold_amount)).toBeCloseTo(Number(open.totals.total_debt_added), 2);
    expect(Number(open.history[0].swap.bought_amount)).toBeGreaterThan(1.9);
    // leverage by value at the pool's oracle (3× in WETH units; the swaps traded at the Uniswap pool's price)
    const valued = (Number(await aWeth()) / 1e18) * (await wethPriceUsd());
    const owedUsd = Number(await usdcDebt()) / 1e6;
    expect(Number(open.current.leverage)).toBeCloseTo(valued / (valued - owedUsd), 2);
    expect(open.totals).toMatchObject({ loop_tx_count: 1, unwind_tx_count: 0, liquidation_count: 0 });

    const partial = await unloop({ target_multiplier: "1.5", preview: true });
    expect(partial.status, JSON.stringify(partial.body)).toBe(200);
    const pp = partial.body.preview;
    expect(Math.abs(Number(pp.ending_multiplier) - 1.5)).toBeLessThanOrEqual(1.5 * 0.005);
    expect(pp).toMatchObject({ fully_unwound: false });
    expect(Number(pp.projected_health_factor)).toBeGreaterThan(1.02);
    expect(await aWeth()).toBeGreaterThan(parseUnits("2.9", 18)); // a preview spends nothing

    const half = await unloop({ target_multiplier: "1.5" });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, half.body.transaction);
    // on chain: collateral ÷ (collateral − debt) at the oracle's prices, within 0.5 % of 1.5×
    const [collateral, debt] = [await aWeth(), await usdcDebt()];
    const price = await wethPriceUsd();
    const c = (Number(collateral) / 1e18) * price;
    const d = Number(debt) / 1e6;
    expect(c / (c - d)).toBeGreaterThan(1.5 * 0.99);
    expect(c / (c - d)).toBeLessThan(1.5 * 1.005);

    const close = await unloop({});
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(close.body.preview).toMatchObject({
      fully_unwound: true,
      ending_debt: "0",
      ending_collateral: "0",
    });
    await sendUnsigned(DEV, CHAIN, close.body.transaction);
    expect(await usdcDebt()).toBe(0n);
    expect(await aWeth()).toBe(0n);
    // every unwind swap paid at least the floors the preview promised (the slippage asked); what comes back in
    // WETH also carries the leveraged position's gain or loss as the market moved (other tests trade the pools)
    expect(await weth()).toBeGreaterThan(wethBefore);
    // closed: the loop and both unwinds in its history, no current state
    const [closed] = (await looped()).positions;
    expect(closed).toMatchObject({ status: "CLOSED", current: null });
    expect(closed.history.map((h: any) => h.classification)).toEqual(["loop_open", "unwind", "unwind"]);
    expect(closed.totals).toMatchObject({ loop_tx_count: 1, unwind_tx_count: 2 });
    const floors = (legs: { min_swap_out?: string }[]) =>
      legs.reduce((sum, l) => sum + Number(l.min_swap_out ?? 0), 0);
    const [, halfTx, closeTx] = closed.history;
    expect(Number(halfTx.swap.bought_amount)).toBeGreaterThanOrEqual(floors(half.body.preview.legs) - 1e-6);
    expect(Number(closeTx.swap.bought_amount)).toBeGreaterThanOrEqual(floors(close.body.preview.legs) - 1e-6);
    expect(closeTx).toMatchObject({ classification: "unwind", debt_delta: expect.stringMatching(/^-/) });
    expect(Number(closed.totals.total_collateral_removed)).toBeGreaterThan(
      Number(closed.totals.total_collateral_added) - 1e-9,
    );
    const noLoop = await unloop({});
    expect(noLoop.status).toBe(400);
    expect(JSON.stringify(noLoop.body)).toMatch(/no (WETH supplied|USDC debt)/);
  });

  test("behavior: targets out of reach and what this deployment cannot price are refused before anything is signed", async () => {
    const far = await loop({ multiplier: "10", loan_to_value: "50", preview: true });
    expect(far.status, JSON.stringify(far.body)).toBe(400);
    expect(JSON.stringify(far.body)).toMatch(/approaches 2(\.00)?× but never reaches it/);
    const ltv = await loop({ loan_to_value: "90", preview: true });
    expect(ltv.status).toBe(422);
    expect(ltv.body.detail[0]).toMatchObject({
      loc: ["body", "loan_to_value"],
      msg: expect.stringMatching(/80\.5/),
    });
    const firm = await loop({ pricing: "firm", preview: true });
    expect(firm.body.detail[0].loc).toEqual(["body", "pricing"]);
    const same = await loop({ borrow_token: "WETH", preview: true });
    expect(same.body.detail[0].loc).toEqual(["body", "borrow_token"]);
    const unknown = await unloop({ collateral_token: "NOPE", preview: true });
    expect(unknown.body.detail[0].loc).toEqual(["body", "collateral_token"]);
  });
});
