import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0UniswapGetPoolPriceRequest, V0UniswapPoolPriceResponse } from "../schemas.ts";

export const uniswapPoolPrice = defineOperation({
  name: "uniswapPoolPrice",
  method: "POST",
  path: "/v0/uniswap/pool_price/get",
  summary: "Pool price",
  description: "The pool's current price and tick (`GET /v1/uniswap/pool_price`).",
  body: V0UniswapGetPoolPriceRequest,
  response: V0UniswapPoolPriceResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_uniswap_pool_price", {
      query: {
        chain: chainOf(body.chain),
        token_in: body.token_in,
        token_out: body.token_out,
        fee: body.fee,
      },
    }).then((r) => ({ ...r, token_in: body.token_in, token_out: body.token_out })),
});
