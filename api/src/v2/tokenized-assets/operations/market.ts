import { defineOperation } from "../../../kernel/registry/define.ts";
import { marketDetail } from "../domain/detail.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { MarketDetail, MarketParams, MarketQuery } from "../schemas.ts";

export const market = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/markets/{symbol}",
  name: "market",
  summary: "One tokenized-asset market with price history",
  description:
    "The market of `symbol` on `chain`: live data, 24 h price history, 52-week range, venue volumes, holders and, when `interval` and `range` are given together, OHLC candles. Valid pairs: 1day → 1min/5min/15min/1hour; 1month → 1hour/4hour/12hour/1day; 3month and 6month → 4hour/12hour/1day; 1year → 12hour/1day; all → 1day.",
  params: MarketParams,
  query: MarketQuery,
  response: MarketDetail,
  history: true,
  errors: [
    { status: 400, description: "interval and range not given together, or not a valid pair" },
    { status: 404, description: "unknown symbol, or not listed on that chain" },
    { status: 502, description: "chain or issuer unavailable" },
  ],
  errorModel: "mixed",
  cli: { short: { chain: "c", interval: "i", range: "r", symbol: "s" } },
  widget: true,
  handler: ({ params, query }, ctx: TokenizedAssetsContext) =>
    marketDetail(ctx, params.symbol, query.chain, query.interval, query.range),
});
