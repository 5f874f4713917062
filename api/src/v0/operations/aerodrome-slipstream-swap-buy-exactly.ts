import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import { v0RequiredBound } from "../domain/aerodrome.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AerodromeSlipstreamBuyExactlyRequest, V0UnsignedTransaction } from "../schemas.ts";

export const aerodromeSlipstreamSwapBuyExactly = defineOperation({
  name: "aerodromeSlipstreamSwapBuyExactly",
  method: "POST",
  path: "/v0/aerodrome_slipstream/swap/buy_exactly",
  summary: "Swap - into specified amount",
  description:
    "A transaction that buys exactly `amount_out` of token_out for at most `amount_in_maximum` of token_in in a Slipstream pool (`POST /v1/aerodrome_slipstream/swap/buy_exactly`).",
  body: V0AerodromeSlipstreamBuyExactlyRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_aerodrome_slipstream_swap_buy_exactly", body, {
      token_in: body.token_in,
      token_out: body.token_out,
      tick_spacing: body.tick_spacing,
      amount_out: body.amount_out,
      amount_in_maximum: v0RequiredBound(body.amount_in_maximum),
    }),
});
