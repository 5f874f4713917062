import { defineOperation } from "../../../kernel/registry/define.ts";
import { poolPrice as read } from "../domain/slipstream.ts";
import { AerodromeSlipstreamPoolPriceResponse, PoolPriceQuery } from "../schemas.ts";

export const poolPrice = defineOperation({
  method: "GET",
  path: "/v1/aerodrome_slipstream/pool_price",
  summary: "Pool price",
  description:
    "The Slipstream pool of `token_in` and `token_out` at `tick_spacing`: its current price (token_in per one token_out, from the pool's sqrt price) and tick. No pool at that spacing is a 404.",
  query: PoolPriceQuery,
  response: AerodromeSlipstreamPoolPriceResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ query }, ctx) => read(ctx, query),
});
