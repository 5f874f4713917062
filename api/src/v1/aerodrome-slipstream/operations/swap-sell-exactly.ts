import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { swap } from "../domain/swaps.ts";
import { AerodromeSlipstreamSellExactlyRequest } from "../schemas.ts";

export const swapSellExactly = defineOperation({
  method: "POST",
  path: "/v1/aerodrome_slipstream/swap/sell_exactly",
  summary: "Sell exact amount",
  description:
    "A transaction for `sender` that sells exactly `amount_in` of `token_in` in the `tick_spacing` Slipstream pool through its SwapRouter, for at least `amount_out_minimum` of `token_out` (default: the pool's quote less 0.5 %). A minimum the pool already misses is a 422; the sender's balance and allowance to `AerodromeSlipstreamRouter` are checked first.",
  body: AerodromeSlipstreamSellExactlyRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => swap(ctx, "sell", body),
});
