import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { increaseTransaction } from "../../../protocols/uniswap-v3/index.ts";
import { slipstreamOn } from "../domain/deployment.ts";
import { AerodromeSlipstreamIncreaseLiquidityProvisionRequest } from "../schemas.ts";

export const liquidityProvisionIncrease = defineOperation({
  method: "POST",
  path: "/v1/aerodrome_slipstream/liquidity_provision/increase",
  summary: "Increase an LP position",
  description:
    "A transaction for `sender` that adds its tokens to a Slipstream position it owns (`increaseLiquidity`); another wallet's position is a 422, an unknown id a 404.",
  body: AerodromeSlipstreamIncreaseLiquidityProvisionRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => increaseTransaction(ctx.config, slipstreamOn(ctx, "body"), body),
});
