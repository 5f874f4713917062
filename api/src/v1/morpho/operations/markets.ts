import { defineOperation } from "../../../kernel/registry/define.ts";
import { listMarkets } from "../domain/market-views.ts";
import { MarketsQuery, MorphoGetMarketsResponse } from "../schemas.ts";

export const markets = defineOperation({
  method: "GET",
  path: "/v1/morpho/markets",
  summary: "Get Markets",
  description:
    "Every Morpho Blue market on `chain` (the singleton's CreateMarket events), optionally those with `collateral_token` or lending `loan_token`: parameters, totals, current APYs (fractions: the rate model's borrow rate compounded over a year, suppliers' share of it) and the week's, from the market's own events.",
  query: MarketsQuery,
  response: MorphoGetMarketsResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    return listMarkets(ctx, query);
  },
});
