import { defineOperation } from "../../../kernel/registry/define.ts";
import { readActivity } from "../domain/activity.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { ActivityQuery, ActivityResponse } from "../schemas.ts";

export const activity = defineOperation({
  method: "GET",
  path: "/v2/perpetual_trading/activity",
  summary: "Positions, fills, open orders and builder approval of a trader in one call",
  description:
    "Sections are fetched in parallel. A failed section is null and listed in `partial_errors` (200); only when every requested section fails is the answer 502. An empty list means no activity.",
  query: ActivityQuery,
  response: ActivityResponse,
  errors: [{ status: 502, description: "every requested section failed (venue unreachable)" }],
  cli: { short: { builder: "b" } },
  widget: true,
  async handler({ query }, ctx: PerpetualTradingContext) {
    return readActivity(ctx, query);
  },
});
