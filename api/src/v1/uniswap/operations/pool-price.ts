import { defineOperation } from "../../../kernel/registry/define.ts";
import { priceInPerOut, slot0 } from "../domain/pools.ts";
import { swapPair } from "../domain/swaps.ts";
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
    const { uni, pool, tokenIn, tokenOut } = await swapPair(
      ctx,
      query.chain,
      query.token_in,
      query.token_out,
      query.fee,
      "query",
    );
    const { sqrtPriceX96, tick } = await slot0(uni, pool.address);
    return {
      token_in: tokenIn.address,
      token_out: tokenOut.address,
      price: priceInPerOut(sqrtPriceX96, pool, tokenIn),
      tick,
    };
  },
});
