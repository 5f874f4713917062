import { defineOperation } from "../../kernel/registry/define.ts";
import type { V0Context } from "../domain/ports.ts";
import { v0Swap } from "../domain/uniswap.ts";
import { V0UniswapBuyExactlyRequest, V0UnsignedTransaction } from "../schemas.ts";

export const uniswapSwapBuyExactly = defineOperation({
  name: "uniswapSwapBuyExactly",
  method: "POST",
  path: "/v0/uniswap/swap/buy_exactly",
  summary: "Buy exact amount",
  description:
    "A transaction that buys exactly `amount_out` of token_out for at most `amount_in_maximum` of token_in in one Uniswap V3 pool (the v1 swap builder, bounded by the amount given).",
  body: V0UniswapBuyExactlyRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) => v0Swap(ctx, "buy", body),
});
