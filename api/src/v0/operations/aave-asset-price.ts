import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AaveAssetPriceResponse, V0AaveGetAssetPriceRequest } from "../schemas.ts";

export const aaveAssetPrice = defineOperation({
  name: "aaveAssetPrice",
  method: "POST",
  path: "/v0/aave/asset_price/get",
  summary: "Token prices",
  description: "The asset's USD price at Aave's oracle (`GET /v1/aave/token_price`).",
  body: V0AaveGetAssetPriceRequest,
  response: V0AaveAssetPriceResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_aave_token_price", { query: { chain: chainOf(body.chain), token: body.asset } }),
});
