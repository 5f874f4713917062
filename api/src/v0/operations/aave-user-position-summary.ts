import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AaveGetUserPositionSummaryRequest, V0AaveUserPositionSummaryResponse } from "../schemas.ts";

export const aaveUserPositionSummary = defineOperation({
  name: "aaveUserPositionSummary",
  method: "POST",
  path: "/v0/aave/user_position_summary/get",
  summary: "Positions - total",
  description:
    "The user's Aave V3 position in total: collateral, debt, health (`GET /v1/aave/user_position_summary`).",
  body: V0AaveGetUserPositionSummaryRequest,
  response: V0AaveUserPositionSummaryResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_aave_user_position_summary", { query: { chain: chainOf(body.chain), user: body.user } }),
});
