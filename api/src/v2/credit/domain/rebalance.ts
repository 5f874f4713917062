import { type Address, encodeFunctionData, erc20Abi, type PublicClient } from "viem";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { fieldError, type Loc, RequestValidationError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type AccountCall, simulateAsAccount } from "../../../product-accounts/index.ts";
import { type AaveMarket, readAaveAccount, valueUsd8 } from "../../../protocols/aave/index.ts";
import { pathSwaps, type SwapAggregator } from "../../../protocols/aggregators/index.ts";
import { type LoopLeg, planLoop } from "./loop.ts";
import { type CreditReserve, usd8 } from "./reserve.ts";
import { planUnloop, type UnloopLeg } from "./unloop.ts";
import { aaveVenue, type LoopVenue, morphoVenue, type VenuePosition } from "./venue.ts";

/**
 * A rebalance (spec B9) moves the Credit Account's loops (on Aave v3, or in the Morpho market a target names) toward their targets in one Safe transaction: the
 * targets that free equity go first (a close unwinds fully and takes the collateral back; a lower multiplier
 * unwinds to it), then the ones that use it (an open supplies `target_equity_usd` of the collateral from the
 * account's idle balance — which now includes what the first ones freed — and loops it to the multiplier).
 * Every swap of every leg is measured after all the calls before it (the same transaction), and the whole is
 * simulated. A grow adds equity from the idle balance to an open loop at its multiplier (looped like an open).
 * A target already within 0.5 % is a noop; with every target a noop there is no transaction. A higher multiplier
 * borrows against the loop's own collateral first (lever_up). Less equity at the same
 * multiplier (shrink) unwinds to the smaller loop's debt and withdraws the difference into the account. Equity
 * and multiplier changed at once are two moves of the same loop in the transaction: levered to the multiplier on
 * today's equity, then grown or shrunk at it (reported as the grow or the shrink, with both moves' legs).
 */

const WAD = 10n ** 18n;
const TOLERANCE_BPS = 50n;

export interface RebalanceTarget {
  protocol?: "AAVE" | "MORPHO" | "EULER";
  market_id?: string | null;
  collateral_token: string;
  borrow_token: string;
  target_equity_usd?: string | null;
  target_multiplier?: string | null;
  close?: boolean | null;
  max_slippage_percent?: string | null;
}

type Direction = "open" | "grow" | "shrink" | "close" | "lever_down" | "lever_up" | "noop";

export interface TargetPreview {
  protocol: "AAVE" | "MORPHO";
  market_id?: string;
  collateral_token: string;
  borrow_token: string;
  direction: Direction;
  legs: number;
  unloop_legs?: UnloopLeg[];
  loop_legs?: LoopLeg[];
  resulting_collateral: string;
  resulting_debt: string;
  resulting_multiplier: string;
  resulting_health_factor: string;
  health_factor_scope: "market";
  estimated_max_dust: string;
}

type Planned = ReturnType<typeof classify> & { venue: LoopVenue; position: VenuePosition };
interface Step {
  loopLegs?: LoopLeg[];
  unloopLegs?: UnloopLeg[];
  /** the loop's collateral and debt after the move */
  endC: bigint;
  endD: bigint;
  /** the move's own estimate, in its units (collateral for a loop, debt for an unwind) */
  dust: string;
}

/**
 * The loop `p` as a move leaves it (collateral `endC`, debt `endD`), for the next move of the same target in the
 * same transaction: its reserves and its venue's account figures carried forward, valued at the same prices.
 */
function after(p: Planned, endC: bigint, endD: bigint): Planned {
  const [dc8, dd8] = [
    valueUsd8(p.c, endC) - valueUsd8(p.c, p.c.supplied),
    valueUsd8(p.b, endD) - valueUsd8(p.b, p.b.variableDebt),
  ];
  const data = p.position.data;
  const collateral8 = data.totalCollateralUsd8 + dc8;
  const weighted = data.totalCollateralUsd8 * data.thresholdBps + dc8 * p.c.thresholdBps;
  const c = { ...p.c, supplied: endC, cash: p.c.cash + endC - p.c.supplied };
  const b = { ...p.b, variableDebt: endD };
  return {
    ...p,
    c,
    b,
    equity8: valueUsd8(c, endC) - valueUsd8(b, endD),
    position: p.position.with({
      c,
      b,
      data: {
        ...data,
        totalCollateralUsd8: collateral8,
        totalDebtUsd8: data.totalDebtUsd8 + dd8,
        thresholdBps: collateral8 > 0n ? weighted / collateral8 : data.thresholdBps,
      },
    }),
  };
}

export async function planRebalance(input: {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  market: AaveMarket;
  aggregator: SwapAggregator;
  account: Address;
  targets: RebalanceTarget[];
  maxSlippage?: string | null;
}) {
  const { client, chain, market, account } = input;
  const { data } = await readAaveAccount(client, market, account);
  const aave = aaveVenue(client, chain, market);
  // each target's venue (Aave's pool, or the Morpho market it names) and its pair there now
  const planned = await Promise.all(
    input.targets.map(async (t, i) => {
      const venue = await inTarget(i, venueOf(input.config, client, chain, aave, t, i));
      const position = await inTarget(i, venue.read(account, t));
      return { venue, position, ...classify(t, i, position.c, position.b) } as Planned;
    }),
  );
  const calls: AccountCall[] = [];
  // Tokens the earlier moves of this transaction leave in the account (a close's collateral, a shrink's
  // withdrawal, a routing swap's floor), and what later moves took of them and of the account's idle balances:
  // an open or a grow whose collateral the account lacks is funded by swapping what was freed (routing_swaps).
  const freed = new Map<Address, { reserve: CreditReserve; amount: bigint }>();
  const used = new Map<Address, bigint>();
  const routingSwaps: { token_in: string; token_out: string; amount_in: string; min_amount_out: string }[] =
    [];
  const idle = new Map<Address, Promise<bigint>>();
  const idleOf = (token: Address) => {
    if (!idle.has(token))
      idle.set(
        token,
        client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [account],
          blockTag: NEXT_BLOCK,
        }),
      );
    return idle.get(token)!;
  };
  const free = (reserve: CreditReserve, amount: bigint) =>
    freed.set(reserve.asset, { reserve, amount: (freed.get(reserve.asset)?.amount ?? 0n) + amount });
  const available = async (token: Address) =>
    (await idleOf(token)) + (freed.get(token)?.amount ?? 0n) - (used.get(token) ?? 0n);
  const take = (token: Address, amount: bigint) => used.set(token, (used.get(token) ?? 0n) + amount);
  /**
   * Fund `need` more of `c` than the account has by swapping the freed token worth the most (after the calls
   * so far, measured in place as every leg is), with a margin for the swap's cost; a 422 on `loc` when what
   * was freed cannot cover it.
   */
  const route = async (c: CreditReserve, need: bigint, slippage: string | null, loc: Loc) => {
    const spare = await Promise.all(
      [...freed.values()]
        .filter((f) => f.reserve.asset !== c.asset)
        .map(async (f) => ({ ...f, left: await available(f.reserve.asset) })),
    );
    const from = spare
      .filter((f) => f.left > 0n)
      .sort((a, b) => Number(valueUsd8(b.reserve, b.left) - valueUsd8(a.reserve, a.left)))[0];
    const slippage4 = toRawAmount(slippage ?? "0.5", 4, ["body", "max_slippage_percent"], "%");
    // the value of what is missing, and 1 % more than the slippage for the swap's own price
    const value8 = (valueUsd8(c, need) * (1_000_000n + slippage4 + 10_000n)) / 1_000_000n;
    const amountIn = from ? (value8 * 10n ** BigInt(from.reserve.decimals)) / from.reserve.priceUsd8 : 0n;
    if (!from || amountIn > from.left)
      throw fieldError(
        loc,
        `the account holds ${formatDecimal(await available(c.asset), c.decimals)} ${c.symbol} for it, ${formatDecimal(need, c.decimals)} short${from ? `, and what the earlier targets free (${formatDecimal(from.left, from.reserve.decimals)} ${from.reserve.symbol}) does not cover it` : ""}; transfer more in first`,
      );
    const leg = await pathSwaps({
      client,
      aggregator: input.aggregator,
      src: from.reserve.asset,
      dst: c.asset,
      account,
      slippage4,
      slippageLoc: ["body", "max_slippage_percent"],
      simulate: (calls) => simulateAsAccount(client, chain, account, calls),
      noRoute: () => fieldError(loc, `No route swaps ${from.reserve.symbol} into ${c.symbol} on ${chain}`),
    }).price(amountIn, calls, (router) => [
      {
        to: from.reserve.asset,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [router, amountIn] }),
      },
    ]);
    calls.push(...leg.calls);
    take(from.reserve.asset, amountIn);
    free(c, leg.floor);
    routingSwaps.push({
      token_in: from.reserve.asset,
      token_out: c.asset,
      amount_in: formatDecimal(amountIn, from.reserve.decimals),
      min_amount_out: formatDecimal(leg.floor, c.decimals),
    });
  };
  const perTarget: TargetPreview[] = new Array(planned.length);
  let equityMoved8 = 0n;
  let dust8 = 0n;
  // what frees equity first, then what uses it
  const order = [...planned.keys()].sort(
    (a, b) =>
      rank(planned[a]!.then ?? planned[a]!.direction) - rank(planned[b]!.then ?? planned[b]!.direction),
  );
  /**
   * One move of target `i`'s loop `p` in `direction`, its calls appended to the transaction: the legs it adds,
   * and the loop's collateral and debt after it.
   */
  const step = async (i: number, p: Planned, t: RebalanceTarget, direction: Direction): Promise<Step> => {
    const slippage = t.max_slippage_percent ?? input.maxSlippage ?? null;
    if (direction === "open" || direction === "grow" || direction === "lever_up") {
      // An open or a grow loops new equity (`seed`, from the idle balance) at the target multiplier on its own
      // (a grow keeps the loop's multiplier); a lever up buys more collateral with more debt on the loop's own
      // collateral. Either way the target is by value at the oracle while the swaps buy at the pools' prices: a
      // first plan measures r, the oracle value of the bought collateral per unit of debt, and the loop is
      // planned again with the knob that reaches the target at that r — twice at most, since a larger loop buys
      // at a slightly worse price, so r moves a little with the knob.
      // An open's or a grow's equity is what the loop is worth at the oracle once it stands: the seed less what
      // the swaps cost, so the seed is planned again to cover that cost (else asking again would grow it).
      const target = Number(t.target_multiplier);
      const leverUp = direction === "lever_up";
      const add8 = leverUp ? 0n : toUsd8(t.target_equity_usd!, [...p.loc, "target_equity_usd"]) - p.equity8;
      let seed = leverUp ? 0n : (add8 * 10n ** BigInt(p.c.decimals)) / p.c.priceUsd8;
      // the position the bought collateral and new debt add to: a lever up's own loop (C, E); an open's or a
      // grow's new equity alone
      const base8 = () =>
        leverUp
          ? [Number(valueUsd8(p.c, p.c.supplied)), Number(p.equity8)]
          : [Number(valueUsd8(p.c, seed)), Number(valueUsd8(p.c, seed))];
      let [c8, e8] = base8() as [number, number];
      const p8 = Number(p.c.priceUsd8);
      // open: the units multiplier k with t = k ÷ (k − (k − 1) ÷ r)  ⇒  k = t ÷ (t − r·(t − 1));
      // lever up: C + T·P over E − T·P·(1/r − 1) reaches t at T = (t·E − C) ÷ (P·(1 + t/r − t)) units
      const knob = (r: number) => {
        if (leverUp)
          return {
            units: BigInt(
              Math.floor(((target * e8 - c8) / (p8 * (1 + target / r - target))) * 10 ** p.c.decimals),
            ),
          };
        const k = target / (target - r * (target - 1));
        return Number.isFinite(k) && k > 1 ? { multiplier: k.toFixed(4) } : null;
      };
      const loopWith = (k: { multiplier?: string; units?: bigint }) =>
        inTarget(
          i,
          planLoop({
            client,
            chain,
            venue: p.venue,
            position: p.position,
            aggregator: input.aggregator,
            account,
            prefix: calls,
            checkBalance: !leverUp && calls.length === 0,
            ...(k.units !== undefined ? { extend: { units: k.units } } : {}),
            body: {
              collateral_token: p.c.asset,
              borrow_token: p.b.asset,
              initial_collateral_amount: formatDecimal(seed, p.c.decimals),
              multiplier: k.multiplier ?? t.target_multiplier!,
              // per leg a tenth under the collateral's LTV: enough headroom for the swaps' cost
              loan_to_value: formatDecimal((p.c.ltvBps * 9n) / 10n, 2, 2),
              max_slippage_percent: slippage,
              gas_sponsorship: false,
            },
          }),
        );
      if (!leverUp) {
        // the seed with room for the swaps' cost (the seed is planned again to cover it), from the idle balance
        // and what earlier targets freed, or routed from another token they freed
        const have = await available(p.c.asset);
        const need = (seed * 103n) / 100n - have;
        const otherFreed = [...freed.keys()].some((token) => token !== p.c.asset);
        if (calls.length > 0 && (seed > have || (need > 0n && otherFreed)))
          await route(p.c, need, slippage, [...p.loc, "target_equity_usd"]);
      }
      let plan = await loopWith(knob(1)!);
      for (let round = 0; round < 3; round++) {
        const bought8 = Number(
          valueUsd8(p.c, raw(plan.preview.total_collateral_supplied, p.c.decimals) - seed),
        );
        const owed8 = Number(valueUsd8(p.b, raw(plan.preview.total_borrowed, p.b.decimals)));
        if (bought8 <= 0 || owed8 <= 0) break;
        const value = (c8 + bought8) / (e8 + bought8 - owed8);
        const equity8 = e8 + bought8 - owed8;
        const equityOff = !leverUp && Math.abs(equity8 - Number(add8)) > Number(add8) * 0.002;
        if (Math.abs(value - target) <= target * 0.002 && !equityOff) break;
        const next = knob(bought8 / owed8);
        if (!next) break;
        if (equityOff) {
          seed = BigInt(Math.floor((Number(seed) * Number(add8)) / equity8));
          [c8, e8] = base8() as [number, number];
        }
        plan = await loopWith(next);
      }
      calls.push(...plan.calls);
      take(p.c.asset, seed);
      equityMoved8 += valueUsd8(p.c, seed);
      dust8 += valueUsd8(p.c, raw(plan.preview.estimated_max_dust, p.c.decimals));
      return {
        loopLegs: plan.preview.legs,
        endC: p.c.supplied + raw(plan.preview.total_collateral_supplied, p.c.decimals),
        endD: p.b.variableDebt + raw(plan.preview.total_borrowed, p.b.decimals),
        dust: plan.preview.estimated_max_dust,
      };
    }
    // a shrink first unwinds to the debt the smaller loop carries, (t − 1)·E', which at unchanged equity E is the
    // multiplier (E + (t − 1)·E') ÷ E; then it withdraws E − E' of collateral into the account: t at E'
    const shrinkTo =
      direction === "shrink"
        ? {
            keep8: toUsd8(t.target_equity_usd!, [...p.loc, "target_equity_usd"]),
            multiplier: Number(t.target_multiplier),
          }
        : undefined;
    const unwindFor = (equity8: bigint) =>
      shrinkTo
        ? ((Number(equity8) + (shrinkTo.multiplier - 1) * Number(shrinkTo.keep8)) / Number(equity8)).toFixed(
            4,
          )
        : direction === "close"
          ? null
          : t.target_multiplier;
    const unwind = (target: string | null | undefined) =>
      inTarget(
        i,
        planUnloop({
          client,
          chain,
          venue: p.venue,
          position: p.position,
          aggregator: input.aggregator,
          account,
          prefix: calls,
          body: {
            collateral_token: p.c.asset,
            borrow_token: p.b.asset,
            target_multiplier: target,
            max_slippage_percent: slippage,
            allow_partial: false,
          },
        }),
      );
    // the equity after an unwind, at the oracle: the swaps sell at the pools' prices, which moves it a little
    const equityAfter = (preview: { ending_collateral: string; ending_debt: string }) =>
      valueUsd8(p.c, raw(preview.ending_collateral, p.c.decimals)) -
      valueUsd8(p.b, raw(preview.ending_debt, p.b.decimals));
    let plan = await unwind(unwindFor(p.equity8));
    // a shrink is planned again on the equity its unwind leaves, so the debt left is the smaller loop's
    if (shrinkTo) plan = await unwind(unwindFor(equityAfter(plan.preview)));
    calls.push(...plan.calls);
    let withdrawn = 0n;
    if (shrinkTo) {
      const free8 = equityAfter(plan.preview) - shrinkTo.keep8;
      withdrawn = free8 > 0n ? (free8 * 10n ** BigInt(p.c.decimals)) / p.c.priceUsd8 : 0n;
      if (withdrawn > 0n) calls.push(...p.position.withdrawCalls(withdrawn, false));
      equityMoved8 -= free8;
    }
    if (withdrawn > 0n) free(p.c, withdrawn);
    if (direction === "close") {
      equityMoved8 -= valueUsd8(p.c, p.c.supplied) - valueUsd8(p.b, p.b.variableDebt);
      // what the close withdraws without selling (its last leg) is back in the account
      free(
        p.c,
        plan.preview.legs
          .filter((l) => l.min_swap_out === undefined)
          .reduce((sum, l) => sum + raw(l.withdraw_amount, p.c.decimals), 0n),
      );
    }
    dust8 += valueUsd8(p.b, raw(plan.preview.estimated_max_dust, p.b.decimals));
    return {
      unloopLegs: plan.preview.legs,
      endC: raw(plan.preview.ending_collateral, p.c.decimals) - withdrawn,
      endD: raw(plan.preview.ending_debt, p.b.decimals),
      dust: plan.preview.estimated_max_dust,
    };
  };

  for (const i of order) {
    const p = planned[i]!;
    const t = input.targets[i]!;
    const base = {
      protocol: p.venue.protocol,
      ...(t.protocol === "MORPHO" ? { market_id: t.market_id! } : {}),
      collateral_token: p.c.asset,
      borrow_token: p.b.asset,
      direction: p.then ?? p.direction,
      health_factor_scope: "market" as const,
    };
    if (p.direction === "noop") {
      perTarget[i] = {
        ...base,
        legs: 0,
        ...resulting(p.c, p.b, p.c.supplied, p.b.variableDebt),
        estimated_max_dust: "0",
      };
      continue;
    }
    // equity and multiplier at once: levered to the multiplier on today's equity, then grown or shrunk at it
    const first = await step(i, p, p.then ? { ...t, target_equity_usd: null } : t, p.direction);
    const second = p.then ? await step(i, after(p, first.endC, first.endD), t, p.then) : undefined;
    const last = second ?? first;
    const loopLegs = [...(first.loopLegs ?? []), ...(second?.loopLegs ?? [])];
    const unloopLegs = [...(first.unloopLegs ?? []), ...(second?.unloopLegs ?? [])];
    perTarget[i] = {
      ...base,
      legs: loopLegs.length + unloopLegs.length,
      ...(unloopLegs.length ? { unloop_legs: unloopLegs } : {}),
      ...(loopLegs.length ? { loop_legs: loopLegs } : {}),
      ...resulting(p.c, p.b, last.endC, last.endD),
      estimated_max_dust: last.dust,
    };
  }
  return {
    calls,
    preview: {
      net_equity_moved_usd: usd8(equityMoved8),
      total_legs: perTarget.reduce((n, t) => n + t.legs, 0),
      routing_swaps: routingSwaps,
      estimated_max_dust: usd8(dust8),
      aave_account_health_factor: formatDecimal(data.healthFactor, 18, 4),
      per_target: perTarget,
    },
  };
}

/** The loop's and unwind's fields renamed to the target's they come from (`body.targets.<i>.<field>`). */
const TARGET_FIELD: Record<string, string> = {
  initial_collateral_amount: "target_equity_usd",
  multiplier: "target_multiplier",
  loan_to_value: "target_multiplier",
};
async function inTarget<T>(i: number, plan: Promise<T>): Promise<T> {
  try {
    return await plan;
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    throw new RequestValidationError(
      error.issues.map((issue) =>
        issue.loc[0] === "body" && typeof issue.loc[1] === "string"
          ? {
              ...issue,
              loc: ["body", "targets", i, TARGET_FIELD[issue.loc[1]] ?? issue.loc[1], ...issue.loc.slice(2)],
            }
          : issue,
      ),
    );
  }
}

function rank(direction: Direction): number {
  return { close: 0, shrink: 1, lever_down: 1, noop: 2, open: 3, grow: 3, lever_up: 3 }[direction];
}

/** The venue a target names: Aave v3 (the default) or the Morpho market `market_id`; EULER is a 422. */
function venueOf(
  config: Config,
  client: PublicClient,
  chain: ChainName,
  aave: LoopVenue,
  t: RebalanceTarget,
  i: number,
): Promise<LoopVenue> {
  const protocol = t.protocol ?? "AAVE";
  if (protocol === "EULER")
    throw fieldError(
      ["body", "targets", i, "protocol"],
      "EULER targets are not rebalanced on this deployment yet: its Euler vaults take no collateral; use AAVE or MORPHO",
    );
  if (protocol === "MORPHO") return morphoVenue({ config, client, chain, marketId: t.market_id });
  return Promise.resolve(aave);
}

/** What a target asks of the position it names (collateral `c`, debt `b`), or a 422 on the target's field. */
function classify(t: RebalanceTarget, i: number, c: CreditReserve, b: CreditReserve) {
  const loc: Loc = ["body", "targets", i];
  const open = b.variableDebt > 0n && c.supplied > 0n;
  const collateral8 = valueUsd8(c, c.supplied);
  const equity8 = collateral8 - valueUsd8(b, b.variableDebt);
  const current = open && equity8 > 0n ? (collateral8 * WAD) / equity8 : 0n;
  const direction = ((): Direction => {
    if (t.close) return open ? "close" : "noop";
    if (t.target_multiplier == null)
      throw fieldError([...loc, "target_multiplier"], "required unless close is true");
    const target = toRawAmount(t.target_multiplier, 18, [...loc, "target_multiplier"], "×");
    if (!open) {
      if (t.target_equity_usd == null)
        throw fieldError(
          [...loc, "target_equity_usd"],
          "required to open a loop: the USD of collateral to commit",
        );
      return "open";
    }
    const near = (current > target ? current - target : target - current) * 10_000n <= target * TOLERANCE_BPS;
    const equityNear =
      t.target_equity_usd == null ||
      absDiff(toUsd8(t.target_equity_usd, [...loc, "target_equity_usd"]), equity8) * 100n <= equity8;
    if (near && equityNear) return "noop";
    if (near && toUsd8(t.target_equity_usd!, [...loc, "target_equity_usd"]) > equity8) return "grow";
    if (near) {
      if (toUsd8(t.target_equity_usd!, [...loc, "target_equity_usd"]) <= 0n)
        throw fieldError(
          [...loc, "target_equity_usd"],
          "greater than 0 (close: true takes a loop out whole)",
        );
      return "shrink";
    }
    return target < current ? "lever_down" : "lever_up";
  })();
  // equity and multiplier at once: the lever first, then the equity at the new multiplier
  let then: "grow" | "shrink" | undefined;
  if ((direction === "lever_up" || direction === "lever_down") && t.target_equity_usd != null) {
    const wanted8 = toUsd8(t.target_equity_usd, [...loc, "target_equity_usd"]);
    if (absDiff(wanted8, equity8) * 100n > equity8) {
      if (wanted8 <= 0n)
        throw fieldError(
          [...loc, "target_equity_usd"],
          "greater than 0 (close: true takes a loop out whole)",
        );
      then = wanted8 > equity8 ? "grow" : "shrink";
    }
  }
  return { c, b, loc, direction, then, equity8: open ? equity8 : 0n };
}

const absDiff = (a: bigint, b: bigint) => (a > b ? a - b : b - a);
const raw = (text: string, decimals: number) => parseUnitsExact(text, decimals) ?? 0n;
const NO_DEBT = 2n ** 256n - 1n;
const toUsd8 = (text: string, loc: Loc) => toRawAmount(text, 8, loc, "USD");

function resulting(c: CreditReserve, b: CreditReserve, collateral: bigint, debt: bigint) {
  const [c8, d8] = [valueUsd8(c, collateral), valueUsd8(b, debt)];
  return {
    resulting_collateral: formatDecimal(collateral, c.decimals),
    resulting_debt: formatDecimal(debt, b.decimals),
    resulting_multiplier: c8 > d8 && c8 > 0n ? formatDecimal((c8 * WAD) / (c8 - d8), 18, 4) : "0",
    // this loop's own: its collateral at the liquidation threshold over its debt (Aave's form, uint max without debt)
    resulting_health_factor: formatDecimal(
      d8 === 0n ? NO_DEBT : (c8 * c.thresholdBps * WAD) / (d8 * 10_000n),
      18,
      4,
    ),
  };
}
