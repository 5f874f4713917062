/**
 * Aave's rate math. Rates are annual in ray (1e27), accrued per second: supply interest linearly into the
 * liquidity index between updates (what getReserveNormalizedIncome computes), debt compounded. Balances in scaled
 * units (amount ÷ index) never change with interest.
 */

export const RAY = 10n ** 27n;
const YEAR = 365 * 24 * 3600;

/** The annual rate as a fraction (APR, simple). */
export const rayApr = (ray: bigint) => Number(ray) / Number(RAY);
/** The annual rate compounded every second, as a fraction (APY). */
export const rayApy = (ray: bigint) => (1 + rayApr(ray) / YEAR) ** YEAR - 1;

/** A per-second rate in ray (1e27, Aave's unit, already annual) compounded per second into an APY in percent. */
export function rayRateToApyPercent(annualRateRay: bigint): number {
  const perSecond = Number(annualRateRay) / 1e27 / YEAR;
  return ((1 + perSecond) ** YEAR - 1) * 100;
}

/** `amount` in scaled units at `index`, rounded as Aave's rayDiv rounds. */
export const scaledOf = (amount: bigint, index: bigint) => (amount * RAY + index / 2n) / index;

/** The rates and the liquidity index a reserve's update put in force at `time` (unix seconds). */
export interface RateUpdate {
  block: bigint;
  time: bigint;
  liquidityRate: bigint;
  stableBorrowRate: bigint;
  variableBorrowRate: bigint;
  liquidityIndex: bigint;
}

/** The reserve's liquidity index at `time` (ray): the last update's index grown linearly at its rate. */
export function liquidityIndexAt(u: RateUpdate, time: bigint): bigint {
  const elapsed = time > u.time ? time - u.time : 0n;
  return (u.liquidityIndex * (RAY + (u.liquidityRate * elapsed) / BigInt(YEAR))) / RAY;
}

/**
 * Time-weighted mean and standard deviation of figures of the rates over [start, end] (unix seconds): the step
 * function the updates draw, each held until the next — the one in force at `start` (`before`) and those inside.
 * A reserve younger than the window is measured over its life; null when no rate was in force before `end`.
 */
export function timeWeightedRates<K extends string>(
  history: { before?: RateUpdate; inside: RateUpdate[] },
  start: bigint,
  end: bigint,
  figures: (u: RateUpdate) => Record<K, number>,
): { mean: Record<K, number>; std: Record<K, number> } | null {
  const steps: { from: bigint; figures: Record<K, number> }[] = [];
  if (history.before) steps.push({ from: start, figures: figures(history.before) });
  for (const u of history.inside)
    if (u.time <= end) steps.push({ from: u.time > start ? u.time : start, figures: figures(u) });
  if (!steps.length) return null;
  const keys = Object.keys(steps[0]!.figures) as K[];
  const weights = steps.map((s, i) => Number((steps[i + 1]?.from ?? end) - s.from));
  const total = weights.reduce((a, b) => a + b, 0);
  const mean = {} as Record<K, number>;
  const std = {} as Record<K, number>;
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
