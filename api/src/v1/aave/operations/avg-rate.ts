import { defineOperation } from "../../../kernel/registry/define.ts";
import { windowOf } from "../domain/window.ts";
import { AaveAvgRateResponse, AaveRateWindowQuery } from "../schemas.ts";

export const avgRate = defineOperation({
  method: "GET",
  path: "/v1/aave/avg_rate",
  summary: "Interest Rates: Time Average",
  description:
    "Time-weighted means of `token`'s Aave v3 supply and borrow rates (APY and APR, variable and stable, as fractions) over the `days` before `block` (or now): exact over the rates the pool put in force in that window, each weighted by how long it held (from the pool's rate-update events).",
  query: AaveRateWindowQuery(2, 365),
  response: AaveAvgRateResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c", token: "t", block: "b" } },
  handler: async ({ query }, ctx) => (await windowOf(ctx, query)).mean,
});
