import { type Address, encodeFunctionData, erc20Abi, type PublicClient } from "viem";
import { DomainError, fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type AccountCall, simulateAsAccount } from "../../../product-accounts/index.ts";
import { type AaveAccountData, valueUsd8 } from "../../../protocols/aave/index.ts";
import { pathSwaps, type SwapAggregator } from "../../../protocols/aggregators/index.ts";
import { assertHeld } from "./borrow.ts";
import type { CreditReserve } from "./reserve.ts";
import type { LoopVenue, VenuePosition } from "./venue.ts";

/**
 * A leverage loop on Aave v3 or in a Morpho Blue market (its venue) as one Safe transaction of repeated legs —
 * not a flash loan. The seed is supplied,
 * then each leg borrows `loan_to_value` of what the last leg supplied, swaps it through the aggregator into the
 * collateral, and supplies the swap's guaranteed floor (its quote less the slippage), until the collateral
 * supplied reaches `multiplier` × the seed. Why legs: the account is a Safe, and a flash loan pays out to a
 * receiver contract's callback (Aave's `executeOperation`, Morpho's `onMorphoFlashLoan`), which a Safe cannot
 * answer without a module installed on it; legs need nothing but the Safe's MultiSend and keep every step inside the pool's own borrow checks.
 * The price of that is more swaps (and dust: what a swap returns above its floor stays in the account).
 */

const MAX_LEGS = 20;
/** the achieved multiplier may land this far from the one asked for (spec B7: 0.5 %) */
const TOLERANCE_BPS = 50n;
const WAD = 10n ** 18n;

export interface LoopRequest {
  collateral_token: string;
  borrow_token: string;
  initial_collateral_amount: string;
  multiplier: string;
  loan_to_value: string;
  max_slippage_percent?: string | null;
  emode_category?: number | null;
  pricing?: "auto" | "firm" | "market";
  gas_sponsorship: boolean;
}

export interface LoopLeg {
  supply_amount: string;
  borrow_amount?: string;
  min_swap_out?: string;
  expected_swap_out?: string;
}

export interface LoopPlan {
  calls: AccountCall[];
  preview: {
    iterations: number;
    total_collateral_supplied: string;
    total_borrowed: string;
    achieved_multiplier: string;
    projected_ltv: string;
    projected_health_factor: string;
    estimated_max_dust: string;
    estimated_swap_cost: string;
    legs: LoopLeg[];
  };
}

/** Percent text to basis points of a percent (1e-4 %), or a 422 on the field. */
export function percentBps4(text: string, field: string): bigint {
  const v = parseUnitsExact(text, 4);
  if (v === null) throw fieldError(["body", field], "at most 4 decimal places");
  return v;
}

/**
 * The swap settings of a loop or an unwind: `pricing: firm` is refused (the only swap provider here is the
 * aggregator), and the per-swap slippage in 1e-4 percent (default 0.5 %, at most 50 %).
 */
export function marketSwapSlippage(body: {
  pricing?: "auto" | "firm" | "market";
  max_slippage_percent?: string | null;
}): bigint {
  if (body.pricing === "firm")
    throw fieldError(
      ["body", "pricing"],
      "firm quotes are not available on this deployment: its only swap provider is the aggregator (one_inch); use auto or market",
    );
  const slippage4 = percentBps4(body.max_slippage_percent ?? "0.5", "max_slippage_percent");
  if (slippage4 > 50n * 10_000n) throw fieldError(["body", "max_slippage_percent"], "at most 50 percent");
  return slippage4;
}

export async function planLoop(input: {
  client: PublicClient;
  chain: ChainName;
  venue: LoopVenue;
  /** the pair as read already (a rebalance's, perhaps carried forward by an earlier move): no read then */
  position?: VenuePosition;
  aggregator: SwapAggregator;
  account: Address;
  body: LoopRequest;
  /** check the account holds the seed (false for a preview, which spends nothing) */
  checkBalance: boolean;
  /** calls of the same transaction before the loop (a rebalance's unwinds): its swaps are measured after them */
  prefix?: AccountCall[];
  /**
   * lever an open loop up instead (a rebalance): no seed — the first leg borrows what the loop's collateral
   * allows at `loan_to_value` beyond its debt — until `units` more collateral is supplied
   */
  extend?: { units: bigint };
}): Promise<LoopPlan> {
  const { client, chain, venue, account, body } = input;
  const prefix = input.prefix ?? [];
  const slippage4 = marketSwapSlippage(body);
  if (body.emode_category)
    throw fieldError(
      ["body", "emode_category"],
      `${venue.name} on ${chain} has no e-mode category ${body.emode_category}`,
    );
  const position = input.position ? input.position.with({}) : await venue.read(account, body);
  const { c, b, data } = position;
  if (!b.borrowingEnabled || b.frozen || b.paused || !b.active)
    throw fieldError(["body", "borrow_token"], `${b.symbol} cannot be borrowed on ${venue.name} now`);
  if (c.frozen || c.paused || !c.active || c.ltvBps === 0n)
    throw fieldError(
      ["body", "collateral_token"],
      `${c.symbol} cannot be supplied as collateral on ${venue.name} now`,
    );
  const ltv4 = percentBps4(body.loan_to_value, "loan_to_value");
  // Morpho's one bound is where liquidation starts: a leg at it would be liquidatable when it lands
  const atMost4 = venue.protocol === "MORPHO" ? c.ltvBps * 100n - 1n : c.ltvBps * 100n;
  if (ltv4 <= 0n || ltv4 > atMost4)
    throw fieldError(
      ["body", "loan_to_value"],
      venue.protocol === "MORPHO"
        ? `above 0 and below ${formatDecimal(c.ltvBps, 2)} percent (the market's LLTV on Morpho Blue)`
        : `between 0 and ${formatDecimal(c.ltvBps, 2)} percent (${c.symbol}'s LTV on ${venue.name})`,
    );
  const multiplierWad = toRawAmount(body.multiplier, 18, ["body", "multiplier"], "×");
  if (multiplierWad <= WAD) throw fieldError(["body", "multiplier"], "greater than 1");
  const seed = input.extend
    ? 0n
    : toRawAmount(
        body.initial_collateral_amount,
        c.decimals,
        ["body", "initial_collateral_amount"],
        c.symbol,
      );
  if (seed === 0n && !input.extend) throw fieldError(["body", "initial_collateral_amount"], "greater than 0");
  if (input.checkBalance && seed > 0n)
    await assertHeld(client, account, { address: c.asset, symbol: c.symbol, decimals: c.decimals }, seed, [
      "body",
      "initial_collateral_amount",
    ]);

  // each leg adds at most `loan_to_value` of the last: the legs converge to 1 ÷ (1 − LTV) of the seed
  const ceiling = (WAD * 1_000_000n) / (1_000_000n - ltv4);
  if (multiplierWad >= ceiling && !input.extend)
    throw new DomainError(
      400,
      "Loop target unreachable",
      `at ${body.loan_to_value} % LTV per leg the loop approaches ${formatDecimal(ceiling, 18, 2)}× but never reaches it; lower the multiplier below that or raise loan_to_value`,
    );
  const target = input.extend ? input.extend.units : (seed * multiplierWad) / WAD;
  const calls: AccountCall[] = seed > 0n ? [...position.supplyCalls(seed)] : [];
  const legs: LoopLeg[] = seed > 0n ? [{ supply_amount: formatDecimal(seed, c.decimals) }] : [];
  let [supplied, borrowed, lastSupply, expectedTotal, floorTotal] = [seed, 0n, seed, 0n, 0n];
  const swaps = pathSwaps({
    client,
    aggregator: input.aggregator,
    src: b.asset,
    dst: c.asset,
    account,
    slippage4,
    slippageLoc: ["body", "max_slippage_percent"],
    simulate: (calls) => simulateAsAccount(client, chain, account, calls),
    noRoute: () =>
      fieldError(["body", "borrow_token"], `No route swaps ${b.symbol} into ${c.symbol} on ${chain}`),
  });
  // the leg's borrow and the router's allowance, before its swap
  const borrowAndApprove = (amount: bigint) => (router: Address) => [
    ...position.borrowCalls(amount),
    {
      to: b.asset,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [router, amount] }),
    },
  ];
  // the last hundredth of a percent is not chased: a leg that small buys less than it costs, and one of a few
  // units borrows nothing at all (the aggregator refuses to quote a swap of 0)
  while ((target - supplied) * 10_000n > target) {
    if (legs.length > MAX_LEGS)
      throw new DomainError(
        400,
        "Loop target unreachable",
        `${body.multiplier}× needs more than ${MAX_LEGS} legs at ${body.loan_to_value} % LTV; lower the multiplier or raise loan_to_value`,
      );
    // borrow `loan_to_value` of the last leg's supply, in the borrow token at the oracle's prices (levering up:
    // first what the loop's own collateral allows beyond its debt)
    const room8 =
      lastSupply === 0n
        ? (valueUsd8(c, c.supplied) * ltv4) / 1_000_000n - valueUsd8(b, b.variableDebt)
        : (valueUsd8(c, lastSupply) * ltv4) / 1_000_000n;
    if (room8 <= 0n)
      throw new DomainError(
        400,
        "Loop target unreachable",
        `the ${c.symbol}/${b.symbol} loop's debt already uses its collateral at ${body.loan_to_value} % LTV: nothing more to borrow`,
      );
    let borrow = (room8 * 10n ** BigInt(b.decimals)) / b.priceUsd8;
    let leg = await swaps.price(borrow, [...prefix, ...calls], borrowAndApprove(borrow));
    if (supplied + leg.floor > target) {
      // the last leg: only what reaches the target
      borrow = (borrow * (target - supplied)) / leg.floor;
      leg = await swaps.price(borrow, [...prefix, ...calls], borrowAndApprove(borrow));
    }
    const { floor, expected } = leg;
    calls.push(...leg.calls, ...position.supplyCalls(floor));
    legs.push({
      supply_amount: formatDecimal(floor, c.decimals),
      borrow_amount: formatDecimal(borrow, b.decimals),
      min_swap_out: formatDecimal(floor, c.decimals),
      expected_swap_out: formatDecimal(expected, c.decimals),
    });
    [supplied, borrowed, lastSupply] = [supplied + floor, borrowed + borrow, floor];
    [expectedTotal, floorTotal] = [expectedTotal + expected, floorTotal + floor];
  }
  // a lever-up is held to its added units, a loop to its multiplier of the seed
  const achievedWad = input.extend
    ? target === 0n
      ? WAD
      : (supplied * multiplierWad) / target
    : (supplied * WAD) / seed;
  const off = achievedWad > multiplierWad ? achievedWad - multiplierWad : multiplierWad - achievedWad;
  if (off * 10_000n > multiplierWad * TOLERANCE_BPS)
    throw new DomainError(
      400,
      "Loop target unreachable",
      `the loop reaches ${formatDecimal(achievedWad, 18, 4)}× of ${body.multiplier}× (more than 0.5 % off); adjust multiplier or loan_to_value`,
    );
  const projected = projectedAccount(data, c, b, supplied, borrowed);
  return {
    calls,
    preview: {
      iterations: legs.filter((l) => l.borrow_amount !== undefined).length,
      total_collateral_supplied: formatDecimal(supplied, c.decimals),
      total_borrowed: formatDecimal(borrowed, b.decimals),
      achieved_multiplier: formatDecimal(achievedWad, 18, 4),
      projected_ltv: formatDecimal(projected.ltv4, 4, 2),
      projected_health_factor: formatDecimal(projected.health, 18, 4),
      estimated_max_dust: formatDecimal(expectedTotal - floorTotal, c.decimals),
      estimated_swap_cost: formatDecimal(
        valueUsd8(b, borrowed) - valueUsd8(c, expectedTotal) > 0n
          ? valueUsd8(b, borrowed) - valueUsd8(c, expectedTotal)
          : 0n,
        8,
        2,
      ),
      legs,
    },
  };
}

/** The account after the loop, at the oracle's prices: its LTV (1e-4 %) and health factor (1e18 = 1). */
function projectedAccount(
  data: AaveAccountData,
  c: CreditReserve,
  b: CreditReserve,
  supplied: bigint,
  borrowed: bigint,
) {
  const collateral = data.totalCollateralUsd8 + valueUsd8(c, supplied);
  const debt = data.totalDebtUsd8 + valueUsd8(b, borrowed);
  const weighted = data.totalCollateralUsd8 * data.thresholdBps + valueUsd8(c, supplied) * c.thresholdBps;
  return {
    ltv4: collateral === 0n ? 0n : (debt * 1_000_000n) / collateral,
    health: debt === 0n ? 2n ** 256n - 1n : (weighted * WAD) / (debt * 10_000n),
  };
}
