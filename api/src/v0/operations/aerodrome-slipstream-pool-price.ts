import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import {
  V0AerodromeSlipstreamGetPoolPriceRequest,
  V0AerodromeSlipstreamPoolPriceResponse,
} from "../schemas.ts";

export const aerodromeSlipstreamPoolPrice = defineOperation({
  name: "aerodromeSlipstreamPoolPrice",
  method: "POST",
  path: "/v0/aerodrome_slipstream/pool_price/get",
  summary: "Pool price",
  description: "The Slipstream pool's current price and tick (`GET /v1/aerodrome_slipstream/pool_price`).",
  body: V0AerodromeSlipstreamGetPoolPriceRequest,
  response: V0AerodromeSlipstreamPoolPriceResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_aerodrome_slipstream_pool_price", {
      query: {
        chain: chainOf(body.chain),
        token_in: body.token_in,
        token_out: body.token_out,
        tick_spacing: String(body.tick_spacing),
      },
    }).then((r) => ({ ...r, token_in: body.token_in, token_out: body.token_out })),
});
