import { defineOperation } from "../../kernel/registry/define.ts";
import { v0SlipstreamPositions } from "../domain/aerodrome.ts";
import type { V0Context } from "../domain/ports.ts";
import {
  V0AerodromeLPPositionsResponse,
  V0AerodromeSlipstreamGetLiquidityProvisionPositionsRequest,
} from "../schemas.ts";

export const aerodromeSlipstreamLiquidityProvisionPositions = defineOperation({
  name: "aerodromeSlipstreamLiquidityProvisionPositions",
  method: "POST",
  path: "/v0/aerodrome_slipstream/liquidity_provision/positions/get",
  summary: "List LP positions",
  description:
    "Every Slipstream position the user holds, keyed by its NFT id (`GET /v1/aerodrome_slipstream/liquidity_provision/positions`).",
  body: V0AerodromeSlipstreamGetLiquidityProvisionPositionsRequest,
  response: V0AerodromeLPPositionsResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) => v0SlipstreamPositions(ctx, body),
});
