import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0UniswapGetSellQuoteRequest, V0UniswapSellQuoteInfoResponse } from "../schemas.ts";

export const uniswapQuoteSellExactly = defineOperation({
  name: "uniswapQuoteSellExactly",
  method: "POST",
  path: "/v0/uniswap/quote/sell_exactly/get",
  summary: "Get quote - from specified amount",
  description:
    "What selling exactly `amount_in` would give, from the pool's own quoter (`GET /v1/uniswap/quote/sell_exactly`).",
  body: V0UniswapGetSellQuoteRequest,
  response: V0UniswapSellQuoteInfoResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_uniswap_quote_sell_exactly", {
      query: {
        chain: chainOf(body.chain),
        token_in: body.token_in,
        token_out: body.token_out,
        fee: body.fee,
        amount_in: String(body.amount_in),
      },
    }),
});
