import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0UniswapCheckInRangeRequest, V0UniswapCheckInRangeResponse } from "../schemas.ts";

export const uniswapLiquidityProvisionInRange = defineOperation({
  name: "uniswapLiquidityProvisionInRange",
  method: "POST",
  path: "/v0/uniswap/liquidity_provision/in_range/get",
  summary: "Check if LP is active.",
  description:
    "Whether the pool's tick is within the position's range (`GET /v1/uniswap/liquidity_provision/in_range`).",
  body: V0UniswapCheckInRangeRequest,
  response: V0UniswapCheckInRangeResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_uniswap_liquidity_provision_in_range", {
      query: { chain: chainOf(body.chain), token_id: String(body.token_id) },
    }),
});
