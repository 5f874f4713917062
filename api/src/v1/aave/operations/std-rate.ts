import { defineOperation } from "../../../kernel/registry/define.ts";
import { windowOf } from "../domain/window.ts";
import { AaveRateWindowQuery, AaveSTDRateResponse } from "../schemas.ts";

export const stdRate = defineOperation({
  method: "GET",
  path: "/v1/aave/std_rate",
  summary: "Interest Rates: Standard Deviation",
  description:
    "Volatility of `token`'s Aave v3 rates: the time-weighted standard deviation of each supply and borrow rate (APY and APR, variable and stable, as fractions) over the `days` (1–30) before `block` (or now), over the rates the pool put in force in that window.",
  query: AaveRateWindowQuery(7, 30),
  response: AaveSTDRateResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c", token: "t", block: "b" } },
  handler: async ({ query }, ctx) => (await windowOf(ctx, query)).std,
});
