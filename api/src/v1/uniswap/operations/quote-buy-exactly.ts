import { defineOperation } from "../../../kernel/registry/define.ts";
import { quoteRequest } from "../domain/swaps.ts";
import { QuoteBuyQuery, UniswapBuyQuoteInfoResponse } from "../schemas.ts";

export const quoteBuyExactly = defineOperation({
  method: "GET",
  path: "/v1/uniswap/quote/buy_exactly",
  summary: "Get quote - to specified amount",
  description:
    "How much `token_in` the `fee` tier's Uniswap v3 pool takes for exactly `amount_out` of `token_out` now, from QuoterV2 (the swap run by eth_call), and the pool's price after it. No pool at that tier is a 404; a swap the pool cannot fill a 422 on `amount_out`.",
  query: QuoteBuyQuery,
  response: UniswapBuyQuoteInfoResponse,
  errors: [{ status: 404, description: "no pool for the pair at that fee tier" }],
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    const { amount, price_after } = await quoteRequest("buy", query, ctx);
    return { amount_in: amount, price_after };
  },
});
