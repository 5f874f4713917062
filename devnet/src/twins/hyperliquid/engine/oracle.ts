import type { Market } from "./dexes.ts";
import { latticeValue, seedFromString } from "./noise.ts";

/**
 * Oracle prices: a seeded multi-scale random walk per market. Octave i contributes noise whose
 * lattice spacing doubles with i and whose amplitude grows with √spacing, which is how a Brownian
 * path scales; summed from one oracle tick (3 s, like the venue's oracle cadence) up to ~half a year
 * it moves like a random walk at every horizon a chart shows, yet stays anchored near the market's
 * base price over months. The price is a pure function of (seed, market, time, admin shocks).
 */
export const ORACLE_TICK_MS = 3_000;
const OCTAVES = 23; // 3 s × 2^22 ≈ 145 days
const DAY_MS = 86_400_000;

export interface OracleShock {
  coin: string;
  /** ms; applies from this time on */
  time: number;
  /** added to the log price */
  logDelta: number;
}

export class Oracle {
  private readonly seed: number;
  private readonly amplitudes: number[] = [];
  /** last evaluated tick per market: most reads within a tick hit this */
  private readonly cache = new Map<number, { tick: number; px: number }>();

  constructor(
    seed: string,
    private readonly shocks: OracleShock[],
  ) {
    this.seed = seedFromString(seed);
    for (let i = 0; i < OCTAVES; i++) this.amplitudes.push(Math.sqrt((ORACLE_TICK_MS * 2 ** i) / DAY_MS));
  }

  /** Start of the oracle tick containing `time`: the oracle only moves on ticks. */
  static tickStart(time: number): number {
    return Math.floor(time / ORACLE_TICK_MS) * ORACLE_TICK_MS;
  }

  price(m: Market, time: number): number {
    const t = Oracle.tickStart(time);
    const hit = this.cache.get(m.asset);
    if (hit?.tick === t) return hit.px;
    const px = this.compute(m, t);
    this.cache.set(m.asset, { tick: t, px });
    return px;
  }

  /** The same price without touching the per-tick cache (bulk reads such as chart history). */
  priceUncached(m: Market, time: number): number {
    return this.compute(m, Oracle.tickStart(time));
  }

  /** Per market and octave, the last lattice cell used: consecutive reads (a chart) mostly share cells. */
  private readonly cells = new Map<number, Float64Array>();

  private compute(m: Market, t: number): number {
    let cells = this.cells.get(m.asset);
    if (!cells) {
      cells = new Float64Array(OCTAVES * 3).fill(Number.NaN);
      this.cells.set(m.asset, cells);
    }
    let walk = 0;
    for (let i = 0; i < OCTAVES; i++) {
      const x = t / (ORACLE_TICK_MS * 2 ** i);
      const cell = Math.floor(x);
      const k = i * 3;
      if (cells[k] !== cell) {
        cells[k] = cell;
        cells[k + 1] = latticeValue(this.seed, m.asset * 64 + i, cell);
        cells[k + 2] = latticeValue(this.seed, m.asset * 64 + i, cell + 1);
      }
      walk += this.amplitudes[i] * (cells[k + 1] + (cells[k + 2] - cells[k + 1]) * (x - cell));
    }
    // 0.87 calibrates the octave sum to roughly `dailyVol` standard deviation per day.
    let log = Math.log(m.basePx) + 0.87 * m.dailyVol * walk;
    for (const shock of this.shocks) if (shock.coin === m.coin && shock.time <= t) log += shock.logDelta;
    return Math.exp(log);
  }

  /** Moves the oracle to `px` from `time` on (admin surface: tests and demos force price moves). */
  setPrice(m: Market, time: number, px: number): void {
    const t = Oracle.tickStart(time);
    this.shocks.push({ coin: m.coin, time: t, logDelta: Math.log(px) - Math.log(this.price(m, t)) });
    this.cache.clear();
  }
}
