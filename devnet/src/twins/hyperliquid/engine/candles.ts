import type { Core } from "./core.ts";
import type { Market } from "./dexes.ts";
import { ORACLE_TICK_MS } from "./oracle.ts";
import { slot, type TradeCandle } from "./state.ts";
import { displayPx, formatPx, formatSz } from "./ticks.ts";

/**
 * Candles: buckets that saw trades are built from the trades (OHLC, base volume, trade count);
 * buckets without trades are drawn from the oracle path, which is a pure function of the seed and
 * time, so a chart is never empty — not even for a window before the twin first started — and
 * those buckets cost nothing to store. Only the most recent 5000 buckets per interval are served.
 */
export const INTERVALS = [
  "1m",
  "3m",
  "5m",
  "15m",
  "30m",
  "1h",
  "2h",
  "4h",
  "8h",
  "12h",
  "1d",
  "3d",
  "1w",
  "1M",
] as const;
export type Interval = (typeof INTERVALS)[number];

const MIN = 60_000;
const FIXED: Record<Exclude<Interval, "1M">, number> = {
  "1m": MIN,
  "3m": 3 * MIN,
  "5m": 5 * MIN,
  "15m": 15 * MIN,
  "30m": 30 * MIN,
  "1h": 60 * MIN,
  "2h": 120 * MIN,
  "4h": 240 * MIN,
  "8h": 480 * MIN,
  "12h": 720 * MIN,
  "1d": 1440 * MIN,
  "3d": 4320 * MIN,
  "1w": 10_080 * MIN,
};
/** Weekly candles open on Monday 00:00 UTC (1970-01-05 was a Monday). */
const WEEK_ANCHOR = 4 * 1440 * MIN;
const MAX_CANDLES = 5000;

function bucketStart(interval: Interval, time: number): number {
  if (interval === "1M") {
    const d = new Date(time);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const size = FIXED[interval];
  const anchor = interval === "1w" ? WEEK_ANCHOR : 0;
  return Math.floor((time - anchor) / size) * size + anchor;
}

function nextBucket(interval: Interval, start: number): number {
  if (interval === "1M") {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return start + FIXED[interval];
}

/** Feeds one trade into every interval's bucket. */
export function recordTrade(core: Core, m: Market, pxU: number, lots: number): void {
  const byInterval = slot(core.state.candles, m.coin, () => ({}));
  for (const interval of INTERVALS) {
    const start = bucketStart(interval, core.now);
    const buckets = slot(byInterval, interval, () => []);
    let at = buckets.length - 1;
    while (at >= 0 && buckets[at][0] > start) at--;
    const c = buckets[at];
    if (c && c[0] === start) {
      c[2] = pxU;
      c[3] = Math.max(c[3], pxU);
      c[4] = Math.min(c[4], pxU);
      c[5] += lots;
      c[6] += 1;
      c[7] += pxU * lots;
    } else {
      buckets.splice(at + 1, 0, [start, pxU, pxU, pxU, pxU, lots, 1, pxU * lots] satisfies TradeCandle);
      if (buckets.length > MAX_CANDLES) buckets.splice(0, buckets.length - MAX_CANDLES);
    }
  }
}

export interface CandleRow {
  t: number;
  T: number;
  s: string;
  i: Interval;
  o: string;
  c: string;
  h: string;
  l: string;
  v: string;
  n: number;
}

export function candleSnapshot(
  core: Core,
  m: Market,
  interval: Interval,
  startTime: number,
  endTime: number,
): CandleRow[] {
  const end = Math.min(endTime, core.now);
  const starts: number[] = [];
  let from = bucketStart(interval, startTime);
  // Skip buckets that could not be among the most recent MAX_CANDLES (a start of 0 must stay cheap).
  if (interval !== "1M")
    from = Math.max(from, bucketStart(interval, end) - (MAX_CANDLES - 1) * FIXED[interval]);
  for (let t = from; t <= end; t = nextBucket(interval, t)) {
    starts.push(t);
    if (starts.length > MAX_CANDLES) starts.shift();
  }
  const trades = new Map((core.state.candles[m.coin]?.[interval] ?? []).map((c) => [c[0], c]));
  return starts.map((t) => {
    const T = nextBucket(interval, t) - 1;
    const traded = trades.get(t);
    if (traded) {
      const [, o, c, h, l, lots, n] = traded;
      const px = (u: number) => formatPx(m, u);
      return {
        t,
        T,
        s: m.coin,
        i: interval,
        o: px(o),
        c: px(c),
        h: px(h),
        l: px(l),
        v: formatSz(m, lots),
        n,
      };
    }
    const { o, c, h, l } = oracleCandle(core, m, t, Math.min(T, core.now), T < core.now);
    const px = (p: number) => displayPx(m, p);
    return { t, T, s: m.coin, i: interval, o: px(o), c: px(c), h: px(h), l: px(l), v: "0.0", n: 0 };
  });
}

type Ohlc = { o: number; c: number; h: number; l: number };

/** Closed oracle buckets never change (until an admin price shock), so charts that poll reuse them. */
const closedBuckets = new WeakMap<Core, Map<string, Ohlc>>();
const CACHE_LIMIT = 200_000;

function oracleCandle(core: Core, m: Market, from: number, to: number, closed: boolean): Ohlc {
  if (!closed) return oracleOhlc(core, m, from, to);
  let cache = closedBuckets.get(core);
  if (!cache) {
    cache = new Map();
    closedBuckets.set(core, cache);
  }
  const key = `${m.coin}|${from}|${to}|${core.state.shocks.length}`;
  let ohlc = cache.get(key);
  if (!ohlc) {
    ohlc = oracleOhlc(core, m, from, to);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, ohlc);
  }
  return ohlc;
}

/** OHLC of the oracle over [from, to], sampled at up to 8 oracle ticks (high/low are cosmetic here). */
function oracleOhlc(core: Core, m: Market, from: number, to: number): Ohlc {
  const ticks = Math.max(1, Math.floor((to - from) / ORACLE_TICK_MS) + 1);
  const samples = Math.min(ticks, 8);
  const o = core.oracle.priceUncached(m, from);
  let h = o;
  let l = o;
  let c = o;
  for (let k = 1; k < samples; k++) {
    c = core.oracle.priceUncached(m, from + Math.round(((to - from) * k) / (samples - 1)));
    h = Math.max(h, c);
    l = Math.min(l, c);
  }
  return { o, c, h, l };
}

/** 24 h notional and base volume from the hourly trade buckets (metaAndAssetCtxs). */
export function dayVolume(core: Core, m: Market): { notionalMicro: number; lots: number } {
  const since = core.now - 24 * 60 * MIN;
  let notionalMicro = 0;
  let lots = 0;
  for (const c of core.state.candles[m.coin]?.["1h"] ?? []) {
    if (c[0] < bucketStart("1h", since)) continue;
    notionalMicro += c[7];
    lots += c[5];
  }
  return { notionalMicro, lots };
}
