import { defineOperation } from "../../../kernel/registry/define.ts";
import { swap } from "../domain/swaps.ts";
import { UniswapBuyExactlyRequest, UniswapBuyExactlyTransactionResponse } from "../schemas.ts";

export const swapBuyExactly = defineOperation({
  method: "POST",
  path: "/v1/uniswap/swap/buy_exactly",
  summary: "Buy exact amount",
  description:
    "A transaction for `sender` that buys exactly `amount_out` of `token_out` in the `fee` tier's Uniswap v3 pool through SwapRouter (`exactOutputSingle`), spending at most the quote plus `max_slippage_percent` of `token_in`. The sender's balance and its allowance to `UniswapV3Router` for that most are checked first.",
  body: UniswapBuyExactlyRequest,
  response: UniswapBuyExactlyTransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ body }, ctx) {
    const { transaction, quote } = await swap("buy", body, ctx);
    return { transaction, amount_in_quote: quote };
  },
});
