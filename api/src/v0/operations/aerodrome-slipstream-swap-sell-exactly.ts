import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import { v0Bound } from "../domain/aerodrome.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AerodromeSlipstreamSellExactlyRequest, V0UnsignedTransaction } from "../schemas.ts";

export const aerodromeSlipstreamSwapSellExactly = defineOperation({
  name: "aerodromeSlipstreamSwapSellExactly",
  method: "POST",
  path: "/v0/aerodrome_slipstream/swap/sell_exactly",
  summary: "Swap - from specified amount",
  description:
    "A transaction that sells exactly `amount_in` of token_in for at least `amount_out_minimum` of token_out in a Slipstream pool (`POST /v1/aerodrome_slipstream/swap/sell_exactly`).",
  body: V0AerodromeSlipstreamSellExactlyRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_aerodrome_slipstream_swap_sell_exactly", body, {
      token_in: body.token_in,
      token_out: body.token_out,
      tick_spacing: body.tick_spacing,
      amount_in: body.amount_in,
      amount_out_minimum: v0Bound(body.amount_out_minimum),
    }),
});
