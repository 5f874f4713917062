import { defineOperation } from "../../../kernel/registry/define.ts";
import { listOpportunities } from "../domain/markets.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { OpportunitiesQuery, OpportunitiesResponse } from "../schemas.ts";

export const opportunities = defineOperation({
  method: "GET",
  path: "/v2/perpetual_trading/opportunities",
  summary: "Perpetual markets on stocks, commodities and forex",
  description:
    "Every listed market with mark and oracle price, open interest and 24 h volume in USD, hourly funding, maximum leverage and size decimals. Sorted by open interest, largest first, unless `sort_by`/`sort_order` say otherwise.",
  query: OpportunitiesQuery,
  response: OpportunitiesResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { short: { category: "c" } },
  widget: true,
  async handler({ query }, ctx: PerpetualTradingContext) {
    return listOpportunities(ctx, query);
  },
});
