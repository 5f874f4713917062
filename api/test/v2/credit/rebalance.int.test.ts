import { aaveOracleAbi } from "@compass/constants";
import {
  chainClient,
  devnetFixture,
  fundedCreditAccount,
  postJson,
  sendUnsigned,
} from "@compass/testkit/live";
import type { Address } from "viem";
import { beforeAll, describe, expect, test } from "vitest";

/**
 * Rebalancing the Credit Account's Aave loops on base, each step one transaction checked on chain: open a
 * WETH/USDC loop at 2× with 1,500 USD of the account's idle WETH, ask again (already there: no transaction),
 * grow it to 2,000 USD of equity at the same multiplier and shrink it to 1,200, lever it up to 2.5× and down to
 * 1.5×, change both at once (1,500 USD at 2×, then 1,000 USD at 1.5×), then close it: the WETH back in the account.
 */
const CHAIN = "base";
const DEV = 7;
const { owner, contracts, token, balanceOf } = devnetFixture(CHAIN, DEV);
let account: Address;
const aWeth = () => balanceOf(contracts().AaveAToken_WETH!, account);
const usdcDebt = () => balanceOf(contracts().AaveVariableDebtToken_USDC!, account);
const rebalance = (targets: Record<string, unknown>[]) =>
  postJson("/v2/credit/rebalance", { owner, chain: CHAIN, targets, max_slippage_percent: "0.5" });
const loop = { collateral_token: "WETH", borrow_token: "USDC" };

/** the loop's collateral and debt in USD at the pool's oracle, as the API values them */
async function valuesOnChain() {
  const price = await chainClient(CHAIN).readContract({
    address: contracts().AaveOracle!,
    abi: aaveOracleAbi,
    functionName: "getAssetPrice",
    args: [token("WETH")],
  });
  return { c: (Number(await aWeth()) / 1e18) * (Number(price) / 1e8), d: Number(await usdcDebt()) / 1e6 };
}
const equityOnChain = async () => {
  const { c, d } = await valuesOnChain();
  return c - d;
};
/** collateral ÷ (collateral − debt) at the pool's oracle, as the API measures a loop */
async function multiplierOnChain() {
  const { c, d } = await valuesOnChain();
  return c / (c - d);
}

beforeAll(async () => {
  account = await fundedCreditAccount(DEV, CHAIN, owner, "WETH", "1");
});

describe("credit: rebalance", () => {
  test("default: open at 2×, idempotent, grow, shrink, lever up to 2.5× and down to 1.5×, both at once up and down, close — each one transaction, on chain", async () => {
    const open = await rebalance([{ ...loop, target_equity_usd: "1500", target_multiplier: "2" }]);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body.preview.per_target[0]).toMatchObject({
      direction: "open",
      health_factor_scope: "market",
    });
    expect(open.body.preview.net_equity_moved_usd).toMatch(/^1[45]\d\d\.\d\d$/);
    await sendUnsigned(DEV, CHAIN, open.body.transaction);
    // by value at the oracle, as the target is meant (the swaps bought at the pools' prices)
    expect(await multiplierOnChain()).toBeGreaterThan(2 * 0.99);
    expect(await multiplierOnChain()).toBeLessThan(2 * 1.01);

    // the same targets again: already met, nothing to sign
    const again = await rebalance([
      { ...loop, target_multiplier: String((await multiplierOnChain()).toFixed(4)) },
    ]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.transaction).toBeNull();
    expect(again.body.preview.per_target[0].direction).toBe("noop");

    // more equity at the same multiplier: 500 USD more of the idle WETH, looped at it
    const m = (await multiplierOnChain()).toFixed(4);
    const grow = await rebalance([{ ...loop, target_multiplier: m, target_equity_usd: "2000" }]);
    expect(grow.status, JSON.stringify(grow.body)).toBe(200);
    expect(grow.body.preview.per_target[0].direction).toBe("grow");
    await sendUnsigned(DEV, CHAIN, grow.body.transaction);
    // equity at the oracle's price: the swaps bought at the pools' (a few percent apart on the devnet)
    expect(await equityOnChain()).toBeGreaterThan(2000 * 0.97);
    expect(await equityOnChain()).toBeLessThan(2000 * 1.05);
    expect(await multiplierOnChain()).toBeCloseTo(Number(m), 1);

    // less equity at the same multiplier: unwound to the smaller loop's debt, the rest of the equity withdrawn
    const m2 = (await multiplierOnChain()).toFixed(4);
    const idleBefore = await balanceOf(token("WETH"), account);
    const shrink = await rebalance([{ ...loop, target_multiplier: m2, target_equity_usd: "1200" }]);
    expect(shrink.status, JSON.stringify(shrink.body)).toBe(200);
    expect(shrink.body.preview.per_target[0].direction).toBe("shrink");
    await sendUnsigned(DEV, CHAIN, shrink.body.transaction);
    expect(await equityOnChain()).toBeGreaterThan(1200 * 0.97);
    expect(await equityOnChain()).toBeLessThan(1200 * 1.03);
    expect(await multiplierOnChain()).toBeCloseTo(Number(m2), 1);
    expect(await balanceOf(token("WETH"), account)).toBeGreaterThan(idleBefore);

    // up to 2.5× on the same equity: borrowed against the loop's own collateral first
    const up = await rebalance([{ ...loop, target_multiplier: "2.5" }]);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.preview.per_target[0].direction).toBe("lever_up");
    await sendUnsigned(DEV, CHAIN, up.body.transaction);
    expect(await multiplierOnChain()).toBeGreaterThan(2.5 * 0.99);
    expect(await multiplierOnChain()).toBeLessThan(2.5 * 1.01);

    const down = await rebalance([{ ...loop, target_multiplier: "1.5" }]);
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.preview.per_target[0].direction).toBe("lever_down");
    await sendUnsigned(DEV, CHAIN, down.body.transaction);
    expect(await multiplierOnChain()).toBeCloseTo(1.5, 1);

    // equity and multiplier at once: levered on today's equity, then grown at the new multiplier
    const both = await rebalance([{ ...loop, target_multiplier: "2", target_equity_usd: "1500" }]);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.preview.per_target[0].direction).toBe("grow");
    expect(Number(both.body.preview.per_target[0].resulting_multiplier)).toBeCloseTo(2, 1);
    expect(both.body.preview.per_target[0].loop_legs.length).toBeGreaterThan(2);
    await sendUnsigned(DEV, CHAIN, both.body.transaction);
    expect(await multiplierOnChain()).toBeGreaterThan(2 * 0.99);
    expect(await multiplierOnChain()).toBeLessThan(2 * 1.01);
    expect(await equityOnChain()).toBeGreaterThan(1500 * 0.97);
    expect(await equityOnChain()).toBeLessThan(1500 * 1.03);
    // and back down: levered to 1.5× first, then shrunk at it, the freed equity withdrawn into the account
    const bothDown = await rebalance([{ ...loop, target_multiplier: "1.5", target_equity_usd: "1000" }]);
    expect(bothDown.status, JSON.stringify(bothDown.body)).toBe(200);
    expect(bothDown.body.preview.per_target[0].direction).toBe("shrink");
    await sendUnsigned(DEV, CHAIN, bothDown.body.transaction);
    expect(await multiplierOnChain(), JSON.stringify(bothDown.body.preview)).toBeGreaterThan(1.5 * 0.99);
    expect(await multiplierOnChain()).toBeLessThan(1.5 * 1.01);
    expect(await equityOnChain()).toBeGreaterThan(1000 * 0.97);
    expect(await equityOnChain()).toBeLessThan(1000 * 1.03);

    const close = await rebalance([{ ...loop, close: true }]);
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    expect(close.body.preview.per_target[0]).toMatchObject({ direction: "close", resulting_debt: "0" });
    await sendUnsigned(DEV, CHAIN, close.body.transaction);
    expect(await usdcDebt()).toBe(0n);
    expect(await aWeth()).toBe(0n);
  });

  test("default: a WETH loop rotated into a USDC one in one transaction, the freed WETH routed into USDC", async () => {
    const open = await rebalance([{ ...loop, target_equity_usd: "1000", target_multiplier: "1.5" }]);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, open.body.transaction);
    expect(await usdcDebt()).toBeGreaterThan(0n);

    const flipped = { collateral_token: "USDC", borrow_token: "WETH" };
    const rotate = await rebalance([
      { ...loop, close: true },
      { ...flipped, target_equity_usd: "900", target_multiplier: "1.5" },
    ]);
    expect(rotate.status, JSON.stringify(rotate.body)).toBe(200);
    const { preview } = rotate.body;
    expect(preview.per_target.map((t: { direction: string }) => t.direction)).toEqual(["close", "open"]);
    // the open's USDC came from the WETH the close freed: one routing swap, its floor stated
    expect(preview.routing_swaps).toHaveLength(1);
    expect(preview.routing_swaps[0]).toMatchObject({ token_in: token("WETH"), token_out: token("USDC") });
    expect(Number(preview.routing_swaps[0].min_amount_out)).toBeGreaterThan(0);
    await sendUnsigned(DEV, CHAIN, rotate.body.transaction);
    // on chain: the WETH loop is gone, the USDC loop stands at 1.5× by value at the oracle
    expect(await usdcDebt()).toBe(0n);
    expect(await aWeth()).toBe(0n);
    const price = await chainClient(CHAIN).readContract({
      address: contracts().AaveOracle!,
      abi: aaveOracleAbi,
      functionName: "getAssetPrice",
      args: [token("WETH")],
    });
    const collateral = Number(await balanceOf(contracts().AaveAToken_USDC!, account)) / 1e6;
    const debt =
      (Number(await balanceOf(contracts().AaveVariableDebtToken_WETH!, account)) / 1e18) *
      (Number(price) / 1e8);
    expect(collateral / (collateral - debt)).toBeGreaterThan(1.5 * 0.99);
    expect(collateral / (collateral - debt)).toBeLessThan(1.5 * 1.01);
    expect(collateral - debt).toBeGreaterThan(900 * 0.97);

    const close = await rebalance([{ ...flipped, close: true }]);
    expect(close.status, JSON.stringify(close.body)).toBe(200);
    await sendUnsigned(DEV, CHAIN, close.body.transaction);
    expect(await balanceOf(contracts().AaveVariableDebtToken_WETH!, account)).toBe(0n);
  });

  test("behavior: what a target cannot ask is a 422 naming its field", async () => {
    const noEquity = await rebalance([
      { collateral_token: "USDT", borrow_token: "USDC", target_multiplier: "2" },
    ]);
    expect(noEquity.body.detail[0].loc).toEqual(["body", "targets", 0, "target_equity_usd"]);
    const morpho = await rebalance([{ ...loop, protocol: "MORPHO", close: true }]);
    expect(morpho.body.detail[0].loc).toEqual(["body", "targets", 0, "market_id"]);
    const euler = await rebalance([{ ...loop, protocol: "EULER", close: true }]);
    expect(euler.body.detail[0].loc).toEqual(["body", "targets", 0, "protocol"]);
    // more equity than the account holds idle: named on the target's equity
    const rich = await rebalance([
      {
        collateral_token: "USDT",
        borrow_token: "USDC",
        target_equity_usd: "1000000",
        target_multiplier: "2",
      },
    ]);
    expect(rich.body.detail[0].loc).toEqual(["body", "targets", 0, "target_equity_usd"]);
    const unknown = await rebalance([{ collateral_token: "NOPE", borrow_token: "USDC", close: true }]);
    expect(unknown.body.detail[0].loc).toEqual(["body", "targets", 0, "collateral_token"]);
  });
});
