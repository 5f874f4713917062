import { defineOperation } from "../../../kernel/registry/define.ts";
import { swap } from "../domain/swaps.ts";
import { UniswapSellExactlyRequest, UniswapSellExactlyTransactionResponse } from "../schemas.ts";

export const swapSellExactly = defineOperation({
  method: "POST",
  path: "/v1/uniswap/swap/sell_exactly",
  summary: "Sell exact amount",
  description:
    "A transaction for `sender` that sells exactly `amount_in` of `token_in` in the `fee` tier's Uniswap v3 pool through SwapRouter (`exactInputSingle`), for at least the quote less `max_slippage_percent` of `token_out`. The sender's balance and its allowance to `UniswapV3Router` are checked first.",
  body: UniswapSellExactlyRequest,
  response: UniswapSellExactlyTransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ body }, ctx) {
    const { transaction, quote } = await swap("sell", body, ctx);
    return { transaction, amount_out_quote: quote };
  },
});
