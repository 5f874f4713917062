import { defineOperation } from "../../../kernel/registry/define.ts";
import { readPool, readPrice } from "../../../protocols/uniswap-v3/index.ts";
import { slipstreamOn } from "../domain/deployment.ts";
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
  async handler({ query }, ctx) {
    const uni = slipstreamOn(ctx, "query");
    const pool = await readPool(
      ctx.config,
      uni,
      query.token_in,
      query.token_out,
      { tickSpacing: query.tick_spacing },
      {
        a: ["query", "token_in"],
        b: ["query", "token_out"],
      },
    );
    return { token_in: pool.a.address, token_out: pool.b.address, ...(await readPrice(uni, pool)) };
  },
});
