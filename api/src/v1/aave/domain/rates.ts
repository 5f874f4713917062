import type { Address, Log } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { AAVE_RESERVE_DATA_UPDATED_EVENT } from "../../../v2/earn/index.ts";
import type { AaveV1Market } from "./market.ts";

/**
 * Aave's rates and indices at any block, from the pool's own `ReserveDataUpdated` events. Every change of a
 * reserve's rates is one of them (the pool emits it whenever it recomputes the rates), carrying the rates in
 * force from then on and the liquidity and borrow indices — so a rate at a past block is the last event at or
 * before it, an index is that event's index grown linearly at its rate (as the pool's
 * getReserveNormalizedIncome computes it), and a time average or a standard deviation over a window is exact
 * over the step function the events draw, not an estimate from samples. No archive state is needed: public
 * RPCs keep events, not old state. Pages of history already final are served from the LogReader's cache.
 */

const RESERVE_DATA_UPDATED = AAVE_RESERVE_DATA_UPDATED_EVENT;

const RAY = 10n ** 27n;
const YEAR = 365 * 24 * 3600;

export interface RateUpdate {
  block: bigint;
  time: bigint;
  liquidityRate: bigint;
  stableBorrowRate: bigint;
  variableBorrowRate: bigint;
  liquidityIndex: bigint;
}

async function updatesIn(
  market: AaveV1Market,
  logs: LogReader,
  asset: Address,
  fromBlock: bigint,
  toBlock: bigint,
): Promise<RateUpdate[]> {
  if (toBlock < fromBlock) return [];
  const found = (await logs.getLogs(market.client, {
    address: market.pool,
    event: RESERVE_DATA_UPDATED,
    args: { reserve: asset },
    fromBlock,
    toBlock,
  })) as (Log & { args: Record<string, bigint> })[];
  const times = await blockTimes(market.client, found);
  return found.map((l) => ({
    block: l.blockNumber!,
    time: BigInt(times.get(l.blockNumber!)!),
    liquidityRate: l.args.liquidityRate!,
    stableBorrowRate: l.args.stableBorrowRate!,
    variableBorrowRate: l.args.variableBorrowRate!,
    liquidityIndex: l.args.liquidityIndex!,
  }));
}

/**
 * The reserve's rate updates in (`from`, `to`], and the last one at or before `from` — found by reading back
 * from `from` in windows that grow fourfold (a busy reserve is found in one page, a quiet one in a few),
 * never before the pool's deployment.
 */
export async function rateHistory(input: {
  market: AaveV1Market;
  logs: LogReader;
  asset: Address;
  from: bigint;
  to: bigint;
  page: bigint;
}): Promise<{ before?: RateUpdate; inside: RateUpdate[] }> {
  const { market, logs, asset } = input;
  try {
    const deployed = await logs.deploymentBlock(market.client, market.pool);
    const inside = await updatesIn(market, logs, asset, input.from + 1n, input.to);
    let [top, span] = [input.from, input.page];
    while (top >= deployed) {
      const bottom = top - span + 1n > deployed ? top - span + 1n : deployed;
      const back = await updatesIn(market, logs, asset, bottom, top);
      if (back.length) return { before: back.at(-1), inside };
      if (bottom === deployed) break;
      [top, span] = [bottom - 1n, span * 4n];
    }
    return { inside };
  } catch (error) {
    return rethrowRpc(market.chain, error);
  }
}

/** The rates (ray) in force at `block`, or a 422 on `loc` when the reserve had none yet. */
export async function ratesAt(
  input: { market: AaveV1Market; logs: LogReader; asset: Address; symbol: string; page: bigint },
  block: bigint,
  loc: Loc,
): Promise<RateUpdate> {
  const { before } = await rateHistory({ ...input, from: block, to: block });
  if (!before)
    throw fieldError(
      loc,
      `${input.symbol} had no rates on Aave v3 on ${input.market.chain} at block ${block} (the pool had not yet set any)`,
    );
  return before;
}

/** The six v1 rate figures of one rate update, as fractions. */
export function rateFigures(
  u: Pick<RateUpdate, "liquidityRate" | "variableBorrowRate" | "stableBorrowRate">,
) {
  const apr = (ray: bigint) => Number(ray) / Number(RAY);
  const apy = (ray: bigint) => (1 + apr(ray) / YEAR) ** YEAR - 1;
  return {
    supply_apy_variable_rate: apy(u.liquidityRate),
    supply_apr_variable_rate: apr(u.liquidityRate),
    borrow_apy_variable_rate: apy(u.variableBorrowRate),
    borrow_apr_variable_rate: apr(u.variableBorrowRate),
    borrow_apy_fixed_rate: apy(u.stableBorrowRate),
    borrow_apr_fixed_rate: apr(u.stableBorrowRate),
  };
}
type Figures = ReturnType<typeof rateFigures>;

/**
 * Time-weighted mean and standard deviation of each figure over [start, end] (unix seconds): the step function
 * of the rates in force, each held until the next update. A reserve younger than the window is measured over
 * its life; with no rate at all before `end` it is a 422 on `loc`.
 */
export function windowStats(
  history: { before?: RateUpdate; inside: RateUpdate[] },
  start: bigint,
  end: bigint,
  what: { symbol: string; chain: string; loc: Loc },
): { mean: Figures; std: Figures } {
  const steps: { from: bigint; figures: Figures }[] = [];
  if (history.before) steps.push({ from: start, figures: rateFigures(history.before) });
  for (const u of history.inside)
    if (u.time <= end) steps.push({ from: u.time > start ? u.time : start, figures: rateFigures(u) });
  if (!steps.length)
    throw fieldError(what.loc, `${what.symbol} had no rates on Aave v3 on ${what.chain} in that window`);
  const keys = Object.keys(steps[0]!.figures) as (keyof Figures)[];
  const weights = steps.map((s, i) => Number((steps[i + 1]?.from ?? end) - s.from));
  const total = weights.reduce((a, b) => a + b, 0);
  const mean = {} as Figures;
  const std = {} as Figures;
  for (const k of keys) {
    if (total === 0) {
      [mean[k], std[k]] = [steps.at(-1)!.figures[k], 0];
      continue;
    }
    const m = steps.reduce((sum, s, i) => sum + s.figures[k] * weights[i]!, 0) / total;
    const variance = steps.reduce((sum, s, i) => sum + (s.figures[k] - m) ** 2 * weights[i]!, 0) / total;
    [mean[k], std[k]] = [m, Math.sqrt(variance)];
  }
  return { mean, std };
}

/** The reserve's liquidity index at `time` (ray): the last update's index grown linearly at its rate. */
export function liquidityIndexAt(u: RateUpdate, time: bigint): bigint {
  const elapsed = time > u.time ? time - u.time : 0n;
  return (u.liquidityIndex * (RAY + (u.liquidityRate * elapsed) / BigInt(YEAR))) / RAY;
}
