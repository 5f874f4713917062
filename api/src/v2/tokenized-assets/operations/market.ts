import { z } from "zod";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { Chain } from "../../../kernel/schemas/common.ts";
import { marketDetail } from "../domain/detail.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { MarketDetail, OhlcInterval, OhlcRange } from "../schemas.ts";

export const market = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/markets/{symbol}",
  name: "market",
  summary: "One tokenized-asset market with price history",
  description:
    "The market of `symbol` on `chain`: live data, 24 h price history, 52-week range, venue volumes, holders and, when `interval` and `range` are given together, OHLC candles. Valid pairs: 1day → 1min/5min/15min/1hour; 1month → 1hour/4hour/12hour/1day; 3month and 6month → 4hour/12hour/1day; 1year → 12hour/1day; all → 1day.",
  params: z.object({ symbol: z.string().trim().min(1).max(64).describe("on-chain symbol, e.g. mTBILL") }),
  query: z.object({
    chain: Chain.default("ethereum"),
    interval: OhlcInterval.optional(),
    range: OhlcRange.optional(),
  }),
  response: MarketDetail,
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
