import type { z } from "zod";
import { fieldError } from "../../../kernel/errors.ts";
import { TtlCache } from "../../../kernel/lib/ttl-cache.ts";
import type { CandleInterval, CandlesQuery, CandlesResponse } from "../schemas.ts";
import type { CandleRows } from "../venue/wire.ts";
import { coinOf, findMarket, loadMarkets, stripDex } from "./markets.ts";
import type { PerpetualTradingContext } from "./ports.ts";
import { toCandle } from "./views.ts";

const INTERVAL_MS = {
  "1m": 60_000,
  "5m": 300_000,
  "15m": 900_000,
  "1h": 3_600_000,
  "4h": 14_400_000,
  "1d": 86_400_000,
  "1w": 604_800_000,
} as const satisfies Record<z.infer<typeof CandleInterval>, number>;

/** The venue serves at most 5000 candles per request; larger limits are clamped (spec §3.3, Ours). */
const MAX_CANDLES = 5000;
const DEFAULT_CANDLES = 500;

// Responses are kept 15 s per (symbol, interval, window); an open window ("up to now") is one key.
const cache = new TtlCache<z.input<typeof CandlesResponse>>(15_000, 500);

/**
 * GET /v2/perpetual_trading/candles: the market's candles oldest first, `limit` of them (clamped) ending at
 * `end_time` (now) unless `start_time` says where they start; kept 15 s.
 */
export function readCandles(ctx: PerpetualTradingContext, query: z.output<typeof CandlesQuery>) {
  const step = INTERVAL_MS[query.interval];
  const limit = Math.min(query.limit ?? DEFAULT_CANDLES, MAX_CANDLES);
  if (query.start_time !== undefined && query.end_time !== undefined && query.start_time > query.end_time)
    throw fieldError(["query", "start_time"], "start_time must not be after end_time");
  const key = `${stripDex(query.symbol).toUpperCase()}|${query.interval}|${limit}|${query.start_time ?? ""}|${query.end_time ?? ""}`;
  return cache.get(key, async () => {
    const venue = ctx.services.venue;
    const endTime = query.end_time ?? Date.now();
    const startTime = query.start_time ?? Math.max(0, endTime - limit * step);
    const coin = coinOf(query.symbol);
    const [markets, rows] = await Promise.all([
      loadMarkets(venue, ctx.signal),
      venue.info<CandleRows>(
        { type: "candleSnapshot", req: { coin, interval: query.interval, startTime, endTime } },
        ctx.signal,
      ),
    ]);
    const { ticker } = findMarket(markets, query.symbol, ["query", "symbol"]);
    return { symbol: ticker, interval: query.interval, candles: rows.slice(-limit).map(toCandle) };
  });
}
