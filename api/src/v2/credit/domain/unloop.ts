import { type Address, encodeFunctionData, erc20Abi, type PublicClient } from "viem";
import { DomainError, fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type AccountCall, simulateAsAccount } from "../../../product-accounts/index.ts";
import { assertAaveReserveOpen, valueUsd8 } from "../../../protocols/aave/index.ts";
import { pathSwaps, type SwapAggregator } from "../../../protocols/aggregators/index.ts";
import { marketSwapSlippage } from "./loop.ts";
import type { CreditReserve } from "./reserve.ts";
import type { LoopVenue, VenuePosition } from "./venue.ts";

/**
 * Unwinding a loop on Aave v3 or in a Morpho Blue market (its venue) as one Safe transaction of legs, the loop's
 * mirror image: each leg withdraws collateral, swaps it through the aggregator into the borrowed token and repays
 * the swap's guaranteed floor.
 * A leg withdraws no more than keeps the account's health factor at 1.02 or above (spec B8) before its repay
 * lands, so every step passes the pool's own checks; each repay frees room for a larger next leg. A full close
 * sizes its last leg so the floor covers the whole debt (with a margin for interest until it is mined), repays
 * it all (Aave's "everything owed" amount; Morpho's remaining shares), then withdraws the rest of the collateral.
 */

const MAX_LEGS = 20;
/** each leg keeps the account's health factor at least this (in basis points of 1) */
const MIN_HEALTH_BPS = 10_200n;
/** a partial unwind lands this close to its target multiplier (as the loop does: 0.5 %) */
const TOLERANCE_BPS = 50n;
/** a full close's last swap covers the debt plus this much (1e-4 = 0.01 %) for the interest until it is mined */
const INTEREST_MARGIN = 10_000n;
const MIN_LEG_USD8 = 100_000_000n;
const WAD = 10n ** 18n;
const MAX_UINT = 2n ** 256n - 1n;

export interface UnloopRequest {
  collateral_token: string;
  borrow_token: string;
  target_multiplier?: string | null;
  max_slippage_percent?: string | null;
  allow_partial: boolean;
  pricing?: "auto" | "firm" | "market";
}

export interface UnloopLeg {
  withdraw_amount: string;
  min_swap_out?: string;
  repay_amount?: string;
  full_repay?: boolean;
}

export interface UnloopPlan {
  calls: AccountCall[];
  preview: {
    iterations: number;
    total_collateral_withdrawn: string;
    total_debt_repaid: string;
    ending_collateral: string;
    ending_debt: string;
    ending_multiplier: string;
    projected_ltv: string;
    projected_health_factor: string;
    estimated_max_dust: string;
    fully_unwound: boolean;
    legs: UnloopLeg[];
  };
}

/** Raw units of `r` worth `usd8` at the oracle's price. */
const fromUsd8 = (r: CreditReserve, usd8: bigint) => (usd8 * 10n ** BigInt(r.decimals)) / r.priceUsd8;
const min = (...xs: bigint[]) => xs.reduce((a, b) => (b < a ? b : a));
/** collateral ÷ equity (1e18 = 1×); 0 when nothing is left */
const multiplierOf = (collateral8: bigint, debt8: bigint) =>
  collateral8 === 0n || collateral8 <= debt8 ? 0n : (collateral8 * WAD) / (collateral8 - debt8);

export async function planUnloop(input: {
  client: PublicClient;
  chain: ChainName;
  venue: LoopVenue;
  /** the pair as read already (a rebalance's, perhaps carried forward by an earlier move): no read then */
  position?: VenuePosition;
  aggregator: SwapAggregator;
  account: Address;
  body: UnloopRequest;
  /** calls of the same transaction before the unwind (a rebalance's other targets) */
  prefix?: AccountCall[];
}): Promise<UnloopPlan> {
  const { client, chain, venue, account, body } = input;
  const prefix = input.prefix ?? [];
  const slippage4 = marketSwapSlippage(body);
  const position = input.position ? input.position.with({}) : await venue.read(account, body);
  const { c, b, data } = position;
  const pair = `${c.symbol}/${b.symbol}`;
  if (b.variableDebt === 0n || c.supplied === 0n)
    throw new DomainError(
      400,
      "No loop to unwind",
      `the Credit Account on ${chain} has ${c.supplied === 0n ? `no ${c.symbol} supplied` : `no ${b.symbol} debt`} on ${venue.name}: there is no ${pair} loop to unwind`,
    );
  assertAaveReserveOpen(c, "withdraw", ["body", "collateral_token"]);
  assertAaveReserveOpen(b, "repay", ["body", "borrow_token"]);
  const [collateral8, debt8] = [valueUsd8(c, c.supplied), valueUsd8(b, b.variableDebt)];
  const current = multiplierOf(collateral8, debt8);
  if (current === 0n)
    throw new DomainError(
      400,
      "Position cannot be unwound",
      `its ${b.symbol} debt is worth more than its ${c.symbol} collateral at the oracle's prices`,
    );
  let target: bigint | null = null;
  if (body.target_multiplier != null) {
    target = toRawAmount(body.target_multiplier, 18, ["body", "target_multiplier"], "×");
    if (target < WAD)
      throw fieldError(
        ["body", "target_multiplier"],
        "at least 1 (1 repays all debt and keeps the collateral supplied; omit it to close the loop)",
      );
    if (target >= current)
      throw fieldError(
        ["body", "target_multiplier"],
        `below the ${pair} loop's current multiplier, ${formatDecimal(current, 18, 4)}×`,
      );
  }
  const repayAll = target === null || target === WAD;

  const swaps = pathSwaps({
    client,
    aggregator: input.aggregator,
    src: c.asset,
    dst: b.asset,
    account,
    slippage4,
    slippageLoc: ["body", "max_slippage_percent"],
    simulate: (calls) => simulateAsAccount(client, chain, account, calls),
    noRoute: () =>
      fieldError(["body", "collateral_token"], `No route swaps ${c.symbol} into ${b.symbol} on ${chain}`),
  });
  const calls: AccountCall[] = [];
  const legs: UnloopLeg[] = [];
  // the account as the pool sees it, leg by leg: Σ collateral × liquidation threshold, and debt (USD, 8 decimals)
  let weighted = data.totalCollateralUsd8 * data.thresholdBps;
  let [accountCollateral8, accountDebt8] = [data.totalCollateralUsd8, data.totalDebtUsd8];
  let [collateralLeft, debtLeft, withdrawn, repaid, dust] = [c.supplied, b.variableDebt, 0n, 0n, 0n];
  // what a leg repays per collateral sold, by value: 1 less the slippage until a swap is priced
  let keep4 = 1_000_000n - slippage4;
  let fullyRepaid = false;
  let done = false;

  while (!done && legs.length < MAX_LEGS) {
    // the most this leg may withdraw with the health factor at MIN_HEALTH before its repay lands
    const room8 = (weighted - accountDebt8 * MIN_HEALTH_BPS) / c.thresholdBps;
    const room = min(room8 > 0n ? fromUsd8(c, room8) : 0n, collateralLeft, c.cash);
    if (room === 0n) break;
    let want: bigint;
    if (repayAll) {
      // enough that the swap's floor covers what is owed (and its interest until mined)
      const owed8 = valueUsd8(b, debtLeft + debtLeft / INTEREST_MARGIN + 1n);
      want = fromUsd8(c, (owed8 * 1_000_000n) / keep4) + 1n;
    } else {
      const now = multiplierOf(valueUsd8(c, collateralLeft), valueUsd8(b, debtLeft));
      if (absDiff(now, target!) * 10_000n <= target! * TOLERANCE_BPS) {
        done = true;
        break;
      }
      // sell s of the collateral, repay k·s: (C − s) ÷ (C − s − D + k·s) = t  ⇒  s = (C − t·(C − D)) ÷ (1 − t·(1 − k))
      const [cl8, dl8] = [valueUsd8(c, collateralLeft), valueUsd8(b, debtLeft)];
      const gap8 = cl8 - (target! * (cl8 - dl8)) / WAD;
      const denominator = WAD - (target! * (1_000_000n - keep4)) / 1_000_000n;
      if (gap8 <= 0n || denominator <= 0n) {
        done = gap8 <= 0n;
        break;
      }
      want = fromUsd8(c, (gap8 * WAD) / denominator);
    }
    // no leg smaller than a dollar's worth: a dust-sized swap has no floor worth the name
    want = want > fromUsd8(c, MIN_LEG_USD8) ? want : fromUsd8(c, MIN_LEG_USD8);
    // the leg's withdrawal and the router's allowance, before its swap
    const withdrawAndApprove = (amount: bigint) => (router: Address) => [
      ...position.withdrawCalls(amount, false),
      {
        to: c.asset,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [router, amount] }),
      },
    ];
    let take = min(want, room);
    let leg = await swaps.price(take, [...prefix, ...calls], withdrawAndApprove(take));
    if (repayAll && take === want) {
      // the last leg: grow it until its floor covers the debt, if the room allows
      const owed = debtLeft + debtLeft / INTEREST_MARGIN + 1n;
      for (let i = 0; i < 3 && leg.floor < owed && take < room; i++) {
        take = min((take * owed) / leg.floor + take / 10_000n + 1n, room);
        leg = await swaps.price(take, [...prefix, ...calls], withdrawAndApprove(take));
      }
    }
    if (!repayAll && take === want) {
      // the last leg, sized with an estimated swap: size it again with what the swap repays per unit sold here
      // (the pool's price may stand above or below the oracle's, and a larger sale gets a worse one) until the
      // multiplier it leaves is within the tolerance, three times at most
      const [cl8, dl8] = [valueUsd8(c, collateralLeft), valueUsd8(b, debtLeft)];
      for (let round = 0; round < 3; round++) {
        const after = multiplierOf(cl8 - valueUsd8(c, take), dl8 - valueUsd8(b, min(leg.floor, debtLeft)));
        if (absDiff(after, target!) * 10_000n <= target! * TOLERANCE_BPS) break;
        const keepHere = (valueUsd8(b, leg.floor) * 1_000_000n) / valueUsd8(c, take);
        const gap8 = cl8 - (target! * (cl8 - dl8)) / WAD;
        const denominator = WAD - (target! * (1_000_000n - keepHere)) / 1_000_000n;
        const better = denominator > 0n ? fromUsd8(c, (gap8 * WAD) / denominator) : 0n;
        if (better <= 0n || better > room || absDiff(better, take) * 10_000n <= take) break;
        [want, take] = [better, better];
        leg = await swaps.price(take, [...prefix, ...calls], withdrawAndApprove(take));
      }
    }
    const last = repayAll ? leg.floor > debtLeft + debtLeft / INTEREST_MARGIN : take === want;
    const repay = repayAll && last ? MAX_UINT : min(leg.floor, debtLeft);
    const repaying = position.repayCalls(repay, repay === MAX_UINT, repay === MAX_UINT ? leg.floor : repay);
    calls.push(...leg.calls, ...repaying.calls);
    const repaidNow = repay === MAX_UINT ? debtLeft : repaying.retires;
    legs.push({
      withdraw_amount: formatDecimal(take, c.decimals),
      min_swap_out: formatDecimal(leg.floor, b.decimals),
      repay_amount: formatDecimal(repaidNow, b.decimals),
      ...(repay === MAX_UINT ? { full_repay: true } : {}),
    });
    const [taken8, repaid8] = [valueUsd8(c, take), valueUsd8(b, repaidNow)];
    keep4 = taken8 === 0n ? keep4 : (valueUsd8(b, leg.floor) * 1_000_000n) / taken8;
    weighted -= taken8 * c.thresholdBps;
    [accountCollateral8, accountDebt8] = [accountCollateral8 - taken8, accountDebt8 - repaid8];
    [collateralLeft, debtLeft] = [collateralLeft - take, debtLeft - repaidNow];
    [withdrawn, repaid] = [withdrawn + take, repaid + repaidNow];
    // what the swap may return above the debt it repays stays in the account
    dust += leg.expected - repaidNow;
    fullyRepaid = repay === MAX_UINT;
    done = last;
  }

  if (fullyRepaid && target === null && collateralLeft > 0n) {
    // the loop is closed: the rest of the collateral back into the account
    calls.push(...position.withdrawCalls(collateralLeft, true));
    legs.push({ withdraw_amount: formatDecimal(collateralLeft, c.decimals) });
    weighted -= valueUsd8(c, collateralLeft) * c.thresholdBps;
    accountCollateral8 -= valueUsd8(c, collateralLeft);
    [withdrawn, collateralLeft] = [withdrawn + collateralLeft, 0n];
  }

  const ending = multiplierOf(valueUsd8(c, collateralLeft), valueUsd8(b, debtLeft));
  const reached = repayAll
    ? fullyRepaid
    : done && absDiff(ending, target!) * 10_000n <= target! * TOLERANCE_BPS;
  if (legs.length === 0 && reached)
    throw fieldError(
      ["body", "target_multiplier"],
      `the ${pair} loop is already within 0.5 % of ${body.target_multiplier}× (${formatDecimal(current, 18, 4)}×)`,
    );
  if (!reached && !body.allow_partial)
    throw new DomainError(
      400,
      "Unloop target unreachable",
      legs.length === 0
        ? `the account's health factor leaves no room to withdraw ${c.symbol} before a repay; repay some ${b.symbol} first`
        : `one transaction of ${legs.length} legs reaches ${formatDecimal(ending, 18, 4)}× (debt left ${formatDecimal(debtLeft, b.decimals)} ${b.symbol}), not the target; set allow_partial to take that progress now`,
    );
  return {
    calls,
    preview: {
      iterations: legs.filter((l) => l.min_swap_out !== undefined).length,
      total_collateral_withdrawn: formatDecimal(withdrawn, c.decimals),
      total_debt_repaid: formatDecimal(repaid, b.decimals),
      ending_collateral: formatDecimal(collateralLeft, c.decimals),
      ending_debt: formatDecimal(debtLeft, b.decimals),
      ending_multiplier: formatDecimal(ending, 18, 4),
      projected_ltv: formatDecimal(
        accountCollateral8 <= 0n ? 0n : (accountDebt8 * 1_000_000n) / accountCollateral8,
        4,
        2,
      ),
      projected_health_factor: formatDecimal(
        accountDebt8 <= 0n ? MAX_UINT : (weighted * WAD) / (accountDebt8 * 10_000n),
        18,
        4,
      ),
      estimated_max_dust: formatDecimal(dust > 0n ? dust : 0n, b.decimals),
      fully_unwound: fullyRepaid,
      legs,
    },
  };
}

const absDiff = (a: bigint, b: bigint) => (a > b ? a - b : b - a);
