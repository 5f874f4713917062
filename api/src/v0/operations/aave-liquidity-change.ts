import { defineOperation } from "../../kernel/registry/define.ts";
import { v0LiquidityChange } from "../domain/aave.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AaveGetLiquidityChangeRequest, V0AaveLiquidityChangeResponse } from "../schemas.ts";

export const aaveLiquidityChange = defineOperation({
  name: "aaveLiquidityChange",
  method: "POST",
  path: "/v0/aave/liquidity/change/get",
  summary: "Liquidity index",
  description:
    "How much the asset's liquidity index grew between two blocks, and their times (`GET /v1/aave/liquidity/change`).",
  body: V0AaveGetLiquidityChangeRequest,
  response: V0AaveLiquidityChangeResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) => v0LiquidityChange(ctx, body),
});
