import { defineOperation } from "../../kernel/registry/define.ts";
import type { V0Context } from "../domain/ports.ts";
import { v0Positions } from "../domain/uniswap.ts";
import {
  V0UniswapGetLiquidityProvisionPositionsRequest,
  V0UniswapLPPositionsInfoResponse,
} from "../schemas.ts";

export const uniswapLiquidityProvisionPositions = defineOperation({
  name: "uniswapLiquidityProvisionPositions",
  method: "POST",
  path: "/v0/uniswap/liquidity_provision/positions/get",
  summary: "List LP",
  description:
    "Every Uniswap V3 position the user holds, keyed by its NFT id (`GET /v1/uniswap/liquidity_provision/positions`).",
  body: V0UniswapGetLiquidityProvisionPositionsRequest,
  response: V0UniswapLPPositionsInfoResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) => v0Positions(ctx, body),
});
