import { defineOperation } from "../../../kernel/registry/define.ts";
import { listMarkets } from "../domain/reads.ts";
import { MarketsQuery, PendleListMarketsResponse } from "../schemas.ts";

export const markets = defineOperation({
  method: "GET",
  path: "/v1/pendle/markets",
  summary: "List Market Data",
  description:
    "Every market of the chain's Pendle v2 deployment, as Pendle's own market list shows them: PT, YT and SY, expiry, the pool's value in USD, the implied APY PT locks in, the swap fee, the underlying's APY range and an LP's yield. Rates are fractions (0.05 = 5 %).",
  query: MarketsQuery,
  response: PendleListMarketsResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ query }, ctx) => listMarkets(ctx, query.chain),
});
