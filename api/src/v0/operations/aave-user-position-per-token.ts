import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AaveGetUserPositionPerTokenRequest, V0AaveUserPositionPerTokenResponse } from "../schemas.ts";

export const aaveUserPositionPerToken = defineOperation({
  name: "aaveUserPositionPerToken",
  method: "POST",
  path: "/v0/aave/user_position_per_token/get",
  summary: "Positions - per token",
  description: "The user's Aave V3 position in one asset (`GET /v1/aave/user_position_per_token`).",
  body: V0AaveGetUserPositionPerTokenRequest,
  response: V0AaveUserPositionPerTokenResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_aave_user_position_per_token", {
      query: { chain: chainOf(body.chain), user: body.user, token: body.asset },
    }),
});
