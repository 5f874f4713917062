import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { swap } from "../domain/swaps.ts";
import { AerodromeSlipstreamBuyExactlyRequest } from "../schemas.ts";

export const swapBuyExactly = defineOperation({
  method: "POST",
  path: "/v1/aerodrome_slipstream/swap/buy_exactly",
  summary: "Buy exact amount",
  description:
    "A transaction for `sender` that buys exactly `amount_out` of `token_out` in the `tick_spacing` Slipstream pool through its SwapRouter, spending at most `amount_in_maximum` of `token_in`. A maximum below what the pool takes now is a 422; the sender's balance and allowance to `AerodromeSlipstreamRouter` are checked first.",
  body: AerodromeSlipstreamBuyExactlyRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => swap(ctx, "buy", body),
});
