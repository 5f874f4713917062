import { defineOperation } from "../../../kernel/registry/define.ts";
import { quoteRequest } from "../domain/swaps.ts";
import { QuoteSellQuery, UniswapSellQuoteInfoResponse } from "../schemas.ts";

export const quoteSellExactly = defineOperation({
  method: "GET",
  path: "/v1/uniswap/quote/sell_exactly",
  summary: "Get quote - from specified amount",
  description:
    "How much `token_out` the `fee` tier's Uniswap v3 pool gives for exactly `amount_in` of `token_in` now, from QuoterV2 (the swap run by eth_call), and the pool's price after it. No pool at that tier is a 404; a swap the pool cannot fill a 422 on `amount_in`.",
  query: QuoteSellQuery,
  response: UniswapSellQuoteInfoResponse,
  errors: [{ status: 404, description: "no pool for the pair at that fee tier" }],
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    const { amount, price_after } = await quoteRequest("sell", query, ctx);
    return { amount_out: amount, price_after };
  },
});
