import { DomainError } from "../../../kernel/errors.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import { KNOT_SECONDS, type PriceParams, referencePrice } from "./price-model.ts";

export type Interval = "1min" | "5min" | "15min" | "1hour" | "4hour" | "12hour" | "1day";
export type Range = "1day" | "1month" | "3month" | "6month" | "1year" | "all";

export const INTERVAL_SECONDS: Record<Interval, number> = {
  "1min": 60,
  "5min": 300,
  "15min": 900,
  "1hour": 3_600,
  "4hour": 14_400,
  "12hour": 43_200,
  "1day": 86_400,
};

const DAY = 86_400;
export const RANGE_SECONDS: Record<Range, number | null> = {
  "1day": DAY,
  "1month": 30 * DAY,
  "3month": 91 * DAY,
  "6month": 182 * DAY,
  "1year": 365 * DAY,
  all: null,
};

/**
 * Valid (range, interval) pairs (the spec leaves them open): at most ~1,100 candles per request, and
 * never coarser than the range.
 */
export const VALID_INTERVALS: Record<Range, Interval[]> = {
  "1day": ["1min", "5min", "15min", "1hour"],
  "1month": ["1hour", "4hour", "12hour", "1day"],
  "3month": ["4hour", "12hour", "1day"],
  "6month": ["4hour", "12hour", "1day"],
  "1year": ["12hour", "1day"],
  all: ["1day"],
};

/** Candles are asked for with both `interval` and `range`; one alone or an invalid pair is a 400. */
export function candleQuery(
  interval?: Interval,
  range?: Range,
): { interval: Interval; range: Range } | undefined {
  if (!interval && !range) return undefined;
  if (!interval || !range)
    throw new DomainError(
      400,
      "Bad candle query",
      "interval and range must be given together to get candles",
    );
  if (!VALID_INTERVALS[range].includes(interval)) {
    throw new DomainError(
      400,
      "Bad candle query",
      `interval ${interval} is not offered for range ${range} (valid: ${VALID_INTERVALS[range].join(", ")})`,
    );
  }
  return { interval, range };
}

const iso = (t: number) => new Date(t * 1000).toISOString();
const price = (raw: bigint) => formatDecimal(raw, 18, 8);

/**
 * OHLC of the reference-price function. It is linear between 5-minute knots, so sampling every knot
 * gives exact highs and lows up to 1-hour candles; longer ones sample 12 points each (the fine octaves
 * are small there, and hashing knots is what a price costs).
 */
export function modelCandles(p: PriceParams, now: number, interval: Interval, range: Range) {
  const size = INTERVAL_SECONDS[interval];
  const span = RANGE_SECONDS[range];
  const from = Math.max(p.t0, span === null ? p.t0 : now - span);
  const step = Math.max(KNOT_SECONDS, Math.ceil(size / 12 / KNOT_SECONDS) * KNOT_SECONDS);
  const candles = [];
  for (let start = Math.floor(from / size) * size; start < now; start += size) {
    const end = Math.min(start + size, now);
    const open = referencePrice(p, start);
    const close = referencePrice(p, end);
    let high = open > close ? open : close;
    let low = open < close ? open : close;
    for (let t = Math.ceil((start + 1) / step) * step; t < end; t += step) {
      const v = referencePrice(p, t);
      if (v > high) high = v;
      if (v < low) low = v;
    }
    candles.push({
      timestamp: iso(start),
      open: price(open),
      high: price(high),
      low: price(low),
      close: price(close),
    });
  }
  return candles;
}

/** Hourly points over the last 24 h, ending at `now`. */
export function modelHistory24h(p: PriceParams, now: number) {
  return Array.from({ length: 25 }, (_, i) => {
    const t = now - (24 - i) * 3_600;
    return { timestamp: iso(t), price: price(referencePrice(p, t)) };
  });
}

const dailyCloses = new Map<string, bigint>();

/** The reference price at 00:00 UTC of day `day` (days since the epoch); a day's close never changes. */
function dailyClose(p: PriceParams, day: number): bigint {
  const key = `${p.seed}:${p.p0}:${day}`;
  let v = dailyCloses.get(key);
  if (v === undefined) {
    if (dailyCloses.size > 50_000) dailyCloses.clear();
    v = referencePrice(p, day * DAY);
    dailyCloses.set(key, v);
  }
  return v;
}

/** The highest and lowest daily close of the 364 days before `today`: fixed for the day, so computed once a day. */
const closedRanges = new Map<string, { high: bigint; low: bigint } | null>();
function closedRange(p: PriceParams, today: number): { high: bigint; low: bigint } | null {
  const key = `${p.seed}:${p.p0}:${p.t0}:${today}`;
  let range = closedRanges.get(key);
  if (range === undefined) {
    if (closedRanges.size > 10_000) closedRanges.clear();
    range = null;
    for (let day = today - 364; day <= today; day++) {
      if (day * DAY < p.t0) continue;
      const v = dailyClose(p, day);
      range = range
        ? { high: v > range.high ? v : range.high, low: v < range.low ? v : range.low }
        : { high: v, low: v };
    }
    closedRanges.set(key, range);
  }
  return range;
}

/** 52-week range from the daily (00:00 UTC) prices, memoised, and the price now. */
export function modelRange52w(p: PriceParams, now: number): { high: string; low: string } {
  const current = referencePrice(p, now);
  const closed = closedRange(p, Math.floor(now / DAY));
  const high = closed && closed.high > current ? closed.high : current;
  const low = closed && closed.low < current ? closed.low : current;
  return { high: price(high), low: price(low) };
}
