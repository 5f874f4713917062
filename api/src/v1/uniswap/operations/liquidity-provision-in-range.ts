import { defineOperation } from "../../../kernel/registry/define.ts";
import { inRange } from "../../../protocols/uniswap-v3/index.ts";
import { uniswapOn } from "../domain/pools.ts";
import { InRangeQuery, UniswapCheckInRangeResponse } from "../schemas.ts";

export const liquidityProvisionInRange = defineOperation({
  method: "GET",
  path: "/v1/uniswap/liquidity_provision/in_range",
  summary: "Check if LP is active",
  description:
    "Whether Uniswap v3 position `token_id`'s range holds its pool's current tick (it earns fees only then). An unknown id is a 404.",
  query: InRangeQuery,
  response: UniswapCheckInRangeResponse,
  errors: [{ status: 404, description: "no such position" }],
  widget: false,
  cli: { short: { chain: "c" } },
  handler: async ({ query }, ctx) => ({
    in_range: await inRange(uniswapOn(ctx, query.chain, "query"), query.token_id),
  }),
});
