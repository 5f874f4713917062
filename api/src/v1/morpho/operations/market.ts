import { defineOperation } from "../../../kernel/registry/define.ts";
import { marketDetail } from "../domain/market-views.ts";
import { MarketQuery, MorphoGetMarketResponse } from "../schemas.ts";

export const market = defineOperation({
  method: "GET",
  path: "/v1/morpho/market",
  summary: "Get Market",
  description:
    "One Morpho Blue market by its id: parameters, totals and liquidity (with USD values at the chain's oracle), and its supply and borrow APYs (fractions) over the last day, week, month, year and its life — each the growth of what a supply or borrow share is worth, as the market's own events priced the share then.",
  query: MarketQuery,
  response: MorphoGetMarketResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    return marketDetail(ctx, query);
  },
});
