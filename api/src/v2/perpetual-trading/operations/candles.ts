import { defineOperation } from "../../../kernel/registry/define.ts";
import { readCandles } from "../domain/candles.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { CandlesQuery, CandlesResponse } from "../schemas.ts";

export const candles = defineOperation({
  method: "GET",
  path: "/v2/perpetual_trading/candles",
  summary: "Price candles of a market",
  description:
    "OHLC candles oldest first. Input times are unix milliseconds, output `time` is unix seconds (candle open). `limit` defaults to 500 and is clamped to 5000; `start_time` defaults to `end_time − limit × interval`, `end_time` to now. Cached 15 s.",
  query: CandlesQuery,
  response: CandlesResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { short: { interval: "i", limit: "l", end_time: "e" } },
  widget: true,
  async handler({ query }, ctx: PerpetualTradingContext) {
    return readCandles(ctx, query);
  },
});
