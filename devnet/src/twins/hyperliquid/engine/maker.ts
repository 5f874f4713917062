import type { Core } from "./core.ts";
import type { Market } from "./dexes.ts";
import { Oracle } from "./oracle.ts";
import { roundPrice, szScale, tickAt } from "./ticks.ts";

/**
 * The built-in market maker: quotes LEVELS price levels per side around the oracle on every oracle
 * tick, so market (IOC) orders always find liquidity and a limit order placed away from the touch
 * rests. Its inventory shifts the quotes (a maker short after user buying quotes higher), which
 * moves mark and impact prices off the oracle and so drives funding the way order flow would.
 * Consumed size is remembered per tick and replenished on the next one.
 */
const LEVELS = 8;
const LEVEL_NOTIONAL_USD = 40_000;
/** inventory (USD) at which the skew saturates, and the saturated skew */
const SKEW_NOTIONAL_USD = 2_000_000;
const MAX_SKEW = 0.001;

const HALF_SPREAD: Record<Market["category"], number> = {
  stock: 0.0002,
  index: 0.00015,
  commodity: 0.0002,
  forex: 0.00008,
};

export interface MakerLevel {
  level: number;
  pxU: number;
  /** remaining lots at this level in the current tick */
  lots: number;
}

export interface MakerQuotes {
  bids: MakerLevel[];
  asks: MakerLevel[];
}

/** Quote center: oracle shifted against the maker's inventory. */
export function makerCenter(core: Core, m: Market, time = core.now): number {
  const oracle = core.oraclePx(m, time);
  const inventoryUsd = ((core.state.makerLots[m.coin] ?? 0) / szScale(m)) * oracle;
  const skew = -Math.max(-1, Math.min(1, inventoryUsd / SKEW_NOTIONAL_USD)) * MAX_SKEW;
  return oracle * (1 + skew);
}

/** The maker's price ladder for a tick and inventory: [bid px units, ask px units, size in lots] per level. */
interface Ladder {
  key: string;
  bids: number[];
  asks: number[];
  sizes: number[];
}

const ladders = new WeakMap<Core, Map<string, Ladder>>();

function ladder(core: Core, m: Market, time: number): Ladder {
  const key = `${Oracle.tickStart(time)}:${core.state.makerLots[m.coin] ?? 0}:${core.state.shocks.length}`;
  let byCoin = ladders.get(core);
  if (!byCoin) {
    byCoin = new Map();
    ladders.set(core, byCoin);
  }
  const cached = byCoin.get(m.coin);
  if (cached?.key === key) return cached;
  const center = makerCenter(core, m, time);
  const half = HALF_SPREAD[m.category];
  const step = Math.max(half, 0.0001);
  const built: Ladder = { key, bids: [], asks: [], sizes: [] };
  for (let i = 0; i < LEVELS; i++) {
    let bid = roundPrice(m, center * (1 - half - i * step), "down");
    let ask = roundPrice(m, center * (1 + half + i * step), "up");
    if (i > 0 && bid >= built.bids[i - 1]) bid = built.bids[i - 1] - tickAt(m, built.bids[i - 1]);
    if (i > 0 && ask <= built.asks[i - 1]) ask = built.asks[i - 1] + tickAt(m, built.asks[i - 1]);
    built.bids.push(bid);
    built.asks.push(ask);
    built.sizes.push(Math.max(1, Math.floor(((LEVEL_NOTIONAL_USD * (1 + i / 2)) / center) * szScale(m))));
  }
  byCoin.set(m.coin, built);
  return built;
}

export function makerQuotes(core: Core, m: Market, time = core.now): MakerQuotes {
  const l = ladder(core, m, time);
  const use = usage(core, m, time);
  const bids: MakerLevel[] = [];
  const asks: MakerLevel[] = [];
  for (let i = 0; i < LEVELS; i++) {
    if (l.bids[i] > 0) bids.push({ level: i, pxU: l.bids[i], lots: Math.max(0, l.sizes[i] - use[1][i]) });
    asks.push({ level: i, pxU: l.asks[i], lots: Math.max(0, l.sizes[i] - use[2][i]) });
  }
  return { bids, asks };
}

/** Best maker price with size left on one side, in px units. */
export function makerBest(core: Core, m: Market, isBid: boolean, time = core.now): number | undefined {
  const l = ladder(core, m, time);
  const use = usage(core, m, time)[isBid ? 1 : 2];
  for (let i = 0; i < LEVELS; i++) {
    const px = isBid ? l.bids[i] : l.asks[i];
    if (px > 0 && l.sizes[i] > use[i]) return px;
  }
  return undefined;
}

function usage(core: Core, m: Market, time: number): [number, number[], number[]] {
  const tick = Oracle.tickStart(time);
  let use = core.state.makerUse[m.coin];
  if (!use || use[0] !== tick) {
    use = [tick, new Array(LEVELS).fill(0), new Array(LEVELS).fill(0)];
    core.state.makerUse[m.coin] = use;
  }
  return use;
}

/** Records that `lots` of a maker level were taken (the level refills on the next oracle tick). */
export function consumeMaker(core: Core, m: Market, makerIsBid: boolean, level: number, lots: number): void {
  const use = usage(core, m, core.now);
  (makerIsBid ? use[1] : use[2])[level] += lots;
}
