import { defineOperation } from "../../kernel/registry/define.ts";
import type { V0Context } from "../domain/ports.ts";
import { v0Swap } from "../domain/uniswap.ts";
import { V0UniswapSellExactlyRequest, V0UnsignedTransaction } from "../schemas.ts";

export const uniswapSwapSellExactly = defineOperation({
  name: "uniswapSwapSellExactly",
  method: "POST",
  path: "/v0/uniswap/swap/sell_exactly",
  summary: "Sell exact amount",
  description:
    "A transaction that sells exactly `amount_in` of token_in for at least `amount_out_minimum` of token_out in one Uniswap V3 pool (the v1 swap builder, bounded by the amount given).",
  body: V0UniswapSellExactlyRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) => v0Swap(ctx, "sell", body),
});
