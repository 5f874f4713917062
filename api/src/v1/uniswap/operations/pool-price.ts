import { defineOperation } from "../../../kernel/registry/define.ts";
import { readPrice } from "../../../protocols/uniswap-v3/index.ts";
import { queriedPool } from "../domain/pools.ts";
import { PoolPriceQuery, UniswapPoolPriceResponse } from "../schemas.ts";

export const poolPrice = defineOperation({
  method: "GET",
  path: "/v1/uniswap/pool_price",
  summary: "Pool price",
  description:
    "The `fee` tier's Uniswap v3 pool of `token_in` and `token_out`: its current price (token_in per one token_out, from the pool's sqrt price) and tick. No pool at that tier is a 404.",
  query: PoolPriceQuery,
  response: UniswapPoolPriceResponse,
  errors: [{ status: 404, description: "no pool for the pair at that fee tier" }],
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    const { uni, pool } = await queriedPool(ctx, query);
    return { token_in: pool.a.address, token_out: pool.b.address, ...(await readPrice(uni, pool)) };
  },
});
