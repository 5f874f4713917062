import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0UniswapBuyQuoteInfoResponse, V0UniswapGetBuyQuoteRequest } from "../schemas.ts";

export const uniswapQuoteBuyExactly = defineOperation({
  name: "uniswapQuoteBuyExactly",
  method: "POST",
  path: "/v0/uniswap/quote/buy_exactly/get",
  summary: "Get quote - to specified amount",
  description:
    "What buying exactly `amount_out` would cost, from the pool's own quoter (`GET /v1/uniswap/quote/buy_exactly`).",
  body: V0UniswapGetBuyQuoteRequest,
  response: V0UniswapBuyQuoteInfoResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_uniswap_quote_buy_exactly", {
      query: {
        chain: chainOf(body.chain),
        token_in: body.token_in,
        token_out: body.token_out,
        fee: body.fee,
        amount_out: String(body.amount_out),
      },
    }),
});
