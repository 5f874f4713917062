import {
  chainClient,
  devnetFixture,
  fundedCreditAccount,
  getJson,
  postJson,
  sendUnsigned,
  testEnv,
} from "@compass/testkit/live";
import { type Address, type Hex, parseAbi, parseUnits } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * A leverage loop in a Morpho Blue market from the Credit Account: WETH levered 2.5× against USDC debt in the
 * WETH/USDC market in one transaction of legs (borrow, swap through the aggregator twin, post the floor as
 * collateral), then unwound to 1.5× and closed, each in one transaction — the last repay by the debt's remaining
 * shares, so nothing is left owing. Every figure is read back from the singleton and the market's own oracle.
 */
const CHAIN = "base";
const DEV = 3;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
const morphoAbi = parseAbi([
  "function position(bytes32 id, address user) view returns (uint256 supplyShares, uint128 borrowShares, uint128 collateral)",
  "function market(bytes32 id) view returns (uint128 totalSupplyAssets, uint128 totalSupplyShares, uint128 totalBorrowAssets, uint128 totalBorrowShares, uint128 lastUpdate, uint128 fee)",
  "function idToMarketParams(bytes32 id) view returns (address loanToken, address collateralToken, address oracle, address irm, uint256 lltv)",
]);
const oracleAbi = parseAbi(["function price() view returns (uint256)"]);
let account: Address;
let marketId: Hex;

/** The account's collateral (WETH units), its debt (USDC units, rounded up as Morpho does) and shares. */
async function onChain() {
  const client = chainClient(CHAIN);
  const morpho = contracts().MorphoBlue!;
  const [[, borrowShares, collateral], [, , totalBorrowAssets, totalBorrowShares], params] =
    await Promise.all([
      client.readContract({
        address: morpho,
        abi: morphoAbi,
        functionName: "position",
        args: [marketId, account],
      }),
      client.readContract({ address: morpho, abi: morphoAbi, functionName: "market", args: [marketId] }),
      client.readContract({
        address: morpho,
        abi: morphoAbi,
        functionName: "idToMarketParams",
        args: [marketId],
      }),
    ]);
  const price = await client.readContract({ address: params[2], abi: oracleAbi, functionName: "price" });
  const debt =
    (borrowShares * (totalBorrowAssets + 1n) + totalBorrowShares + 10n ** 6n - 1n) /
    (totalBorrowShares + 10n ** 6n);
  // leverage by value at the market's oracle: collateral ÷ (collateral − debt), both in USDC
  const value = (Number((collateral * price) / 10n ** 36n) / 1e6) as number;
  const leverage = collateral === 0n ? 0 : value / (value - Number(debt) / 1e6);
  return { collateral, debt, borrowShares, leverage, health: (value * 0.86) / (Number(debt) / 1e6) };
}

const body = (fields: Record<string, unknown>) => ({
  owner,
  chain: CHAIN,
  protocol: "MORPHO",
  market_id: marketId,
  collateral_token: "WETH",
  borrow_token: "USDC",
  max_slippage_percent: "0.5",
  ...fields,
});
const loop = (fields: Record<string, unknown>) =>
  postJson(
    "/v2/credit/loop",
    body({ initial_collateral_amount: "1", multiplier: "2.5", loan_to_value: "70", ...fields }),
  );
const unloop = (fields: Record<string, unknown>) => postJson("/v2/credit/unloop", body(fields));
async function loopedPositions() {
  const r = await getJson(`${testEnv().url}/v2/credit/looped_positions?chain=${CHAIN}&owner=${owner}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

beforeAll(async () => {
  account = await fundedCreditAccount(DEV, CHAIN, owner, "WETH", "1");
  const markets = await getJson(`${testEnv().url}/v2/credit/morpho_markets?chain=${CHAIN}`);
  marketId = markets.body.markets.find(
    (m: { collateral_token_symbol: string; loan_token_symbol: string }) =>
      m.collateral_token_symbol === "WETH" && m.loan_token_symbol === "USDC",
  ).market_id;
});

describe("credit: leverage loop on Morpho Blue", () => {
  test("default: looped to 2.5×, unwound to 1.5× and closed, each in one transaction; the WETH comes back", async () => {
    const preview = await loop({ preview: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const p = preview.body.preview;
    expect(Math.abs(Number(p.achieved_multiplier) - 2.5)).toBeLessThanOrEqual(2.5 * 0.005);
    expect(p.iterations).toBeGreaterThanOrEqual(2);
    expect(Number(p.projected_health_factor)).toBeGreaterThan(1);
    expect((await onChain()).collateral).toBe(0n); // a preview spends nothing

    const r = await loop({});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, r.body.transaction);
    const looped = await onChain();
    // the collateral posted: at least the preview's floors, within 0.5 % of 2.5 × the seed
    expect(looped.collateral).toBeGreaterThanOrEqual(
      parseUnits(r.body.preview.total_collateral_supplied, 18) - 10n,
    );
    expect(Number(looped.collateral) / 1e18).toBeGreaterThan(2.5 * 0.995);
    expect(Number(looped.collateral) / 1e18).toBeLessThan(2.5 * 1.005);
    expect(Number(looped.debt) / 1e6).toBeCloseTo(Number(r.body.preview.total_borrowed), 0);
    expect(looped.health).toBeGreaterThan(1);
    // the positions read shows it as Morpho collateral and debt in this market
    const positions = await getJson(`${testEnv().url}/v2/credit/positions?chain=${CHAIN}&owner=${owner}`);
    expect(positions.status).toBe(200);
    expect(positions.body.debt_positions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ protocol: "MORPHO", market_id: marketId, symbol: "USDC" }),
      ]),
    );

    // looped_positions reads it back from the singleton's events: one loop_open with its legs and swap, health
    // factor of the market (Morpho positions are isolated)
    const opened = (await loopedPositions()).positions.find(
      (x: { protocol: string }) => x.protocol === "MORPHO",
    );
    expect(opened).toMatchObject({
      market_id: marketId,
      collateral_symbol: "WETH",
      debt_symbol: "USDC",
      status: "OPEN",
      current: { health_factor_scope: "market" },
    });
    expect(opened.history.map((h: { classification: string }) => h.classification)).toEqual(["loop_open"]);
    expect(opened.history[0].iterations).toBeGreaterThanOrEqual(2);
    expect(Number(opened.history[0].swap.bought_amount)).toBeGreaterThan(1.4);
    expect(Number(opened.current.leverage)).toBeCloseTo(looped.leverage, 2);
    expect(Number(opened.current.health_factor)).toBeCloseTo(looped.health, 2);

    const half = await unloop({ target_multiplier: "1.5" });
    expect(half.status, JSON.stringify(half.body)).toBe(200);
    expect(Number(half.body.preview.projected_health_factor)).toBeGreaterThan(1.02);
    await sendUnsigned(DEV, CHAIN, half.body.transaction);
    const delevered = await onChain();
    expect(delevered.leverage).toBeGreaterThan(1.5 * 0.99);
    expect(delevered.leverage).toBeLessThan(1.5 * 1.005);
    expect(delevered.debt).toBeGreaterThan(0n);

    const wethBefore = await balanceOf(token("WETH"), account);
    const close = await unloop({});
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(close.body.preview).toMatchObject({
      fully_unwound: true,
      ending_debt: "0",
      ending_collateral: "0",
    });
    await sendUnsigned(DEV, CHAIN, close.body.transaction);
    const closed = await onChain();
    // repaid by the remaining shares: nothing left owing, all of the collateral back in the account
    expect(closed.borrowShares).toBe(0n);
    expect(closed.collateral).toBe(0n);
    const back = (await balanceOf(token("WETH"), account)) - wethBefore;
    expect(back).toBe(parseUnits(close.body.preview.legs.at(-1).withdraw_amount, 18));
    expect(back).toBeGreaterThan(parseUnits("0.5", 18));
    // no allowance left to the singleton
    const allowance = await chainClient(CHAIN).readContract({
      address: token("USDC"),
      abi: parseAbi(["function allowance(address, address) view returns (uint256)"]),
      functionName: "allowance",
      args: [account, contracts().MorphoBlue!],
    });
    expect(allowance).toBe(0n);

    const [closedLoop] = (await loopedPositions()).positions.filter(
      (x: { protocol: string }) => x.protocol === "MORPHO",
    );
    expect(closedLoop).toMatchObject({ status: "CLOSED", current: null });
    expect(closedLoop.history.map((h: { classification: string }) => h.classification)).toEqual([
      "loop_open",
      "unwind",
      "unwind",
    ]);
    expect(closedLoop.totals).toMatchObject({ loop_tx_count: 1, unwind_tx_count: 2, liquidation_count: 0 });

    const none = await unloop({});
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.body)).toMatch(/no (WETH supplied|USDC debt) on Morpho Blue/);
  });

  test("default: rebalance opens a Morpho loop at 2× from the idle WETH, holds it, and closes it", async () => {
    const target = {
      protocol: "MORPHO",
      market_id: marketId,
      collateral_token: "WETH",
      borrow_token: "USDC",
    };
    const rebalance = (t: Record<string, unknown>) =>
      postJson("/v2/credit/rebalance", { owner, chain: CHAIN, targets: [{ ...target, ...t }] });
    const open = await rebalance({ target_equity_usd: "1000", target_multiplier: "2" });
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.preview.per_target[0]).toMatchObject({
      protocol: "MORPHO",
      market_id: marketId,
      direction: "open",
    });
    await sendUnsigned(DEV, CHAIN, open.body.transaction);
    const opened = await onChain();
    // 2× by value at the market's oracle, within 1 %
    expect(opened.leverage).toBeGreaterThan(2 * 0.99);
    expect(opened.leverage).toBeLessThan(2 * 1.01);
    const again = await rebalance({ target_equity_usd: "1000", target_multiplier: "2" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body, JSON.stringify(again.body.preview)).toMatchObject({
      transaction: null,
      eip_712: null,
    });
    expect(again.body.preview.per_target[0].direction).toBe("noop");
    const close = await rebalance({ close: true });
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, close.body.transaction);
    const closed = await onChain();
    expect(closed.borrowShares).toBe(0n);
    expect(closed.collateral).toBe(0n);
  });

  test("default: a bundle posts WETH and borrows USDC in the market, then repays all, withdraws and pays a recipient", async () => {
    const bundle = (actions: Record<string, unknown>[]) =>
      postJson("/v2/credit/bundle", {
        owner,
        chain: CHAIN,
        actions: actions.map((a) => ({ body: { protocol: "MORPHO", market_id: marketId, ...a } })),
      });
    const first = await bundle([
      { action_type: "CREDIT_SUPPLY", token: "WETH", amount: "0.3" },
      { action_type: "CREDIT_BORROW", token: "USDC", amount: "300" },
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, first.body.transaction);
    const borrowed = await onChain();
    expect(borrowed.collateral).toBe(parseUnits("0.3", 18));
    expect(borrowed.debt).toBeGreaterThanOrEqual(parseUnits("300", 6));
    const recipient = "0x000000000000000000000000000000000000bEEF";
    const owing = await bundle([
      { action_type: "CREDIT_TRANSFER_TO_ADDRESS", token: "WETH", amount: "0.1", recipient },
    ]);
    expect(owing.status).toBe(422);
    expect(owing.body.detail[0].msg).toMatch(/still owes USDC in Morpho market/);
    const before = await balanceOf(token("WETH"), recipient);
    const second = await bundle([
      { action_type: "CREDIT_REPAY", token: "USDC", amount: "1000" },
      { action_type: "CREDIT_WITHDRAW", token: "WETH", amount: "0.3" },
      { action_type: "CREDIT_TRANSFER_TO_ADDRESS", token: "WETH", amount: "0.1", recipient },
    ]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, second.body.transaction);
    const repaid = await onChain();
    expect(repaid.borrowShares).toBe(0n);
    expect(repaid.collateral).toBe(0n);
    expect((await balanceOf(token("WETH"), recipient)) - before).toBe(parseUnits("0.1", 18));
    const wrong = await bundle([{ action_type: "CREDIT_BORROW", token: "WETH", amount: "1" }]);
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail[0].loc).toEqual(["body", "actions", 0, "body", "token"]);
    // lending the loan token is not offered here (positions would not show it): refused, not hidden
    const lend = await bundle([{ action_type: "CREDIT_SUPPLY", token: "USDC", amount: "10" }]);
    expect(lend.status).toBe(422);
    expect(lend.body.detail[0].msg).toMatch(/MetaMorpho/);
  });

  test("behavior: what the market would refuse is named before anything is signed", async () => {
    const atLltv = await loop({ loan_to_value: "86", preview: true });
    expect(atLltv.status).toBe(422);
    expect(atLltv.body.detail[0]).toMatchObject({
      loc: ["body", "loan_to_value"],
      msg: expect.stringMatching(/below 86 percent .*LLTV/),
    });
    const wrongLoan = await loop({ borrow_token: "WETH", collateral_token: "USDC", preview: true });
    expect(wrongLoan.status).toBe(422);
    expect(wrongLoan.body.detail[0].loc).toEqual(["body", "collateral_token"]);
    const noMarket = await loop({ market_id: null, preview: true });
    expect(noMarket.status).toBe(422);
    expect(noMarket.body.detail[0].loc).toEqual(["body", "market_id"]);
    const unknown = await loop({ market_id: `0x${"ab".repeat(32)}`, preview: true });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail[0].loc).toEqual(["body", "market_id"]);
    const euler = await loop({ protocol: "EULER", preview: true });
    expect(euler.status).toBe(422);
    expect(euler.body.detail[0].loc).toEqual(["body", "protocol"]);
  });
});
