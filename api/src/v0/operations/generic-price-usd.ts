import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0PriceRequest, V0PriceResponse } from "../schemas.ts";

export const genericPriceUsd = defineOperation({
  name: "genericPriceUsd",
  method: "POST",
  path: "/v0/generic/price/usd/get",
  summary: "Get token price",
  description: "The token's USD price at the chain's price oracle (`GET /v1/token/price`).",
  body: V0PriceRequest,
  response: V0PriceResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_token_price", { query: { chain: chainOf(body.chain), token: body.token } }).then((r) => ({
      token_price_in_usd: r.price,
    })),
});
