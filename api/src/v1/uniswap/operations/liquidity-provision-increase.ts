import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { increaseTransaction } from "../../../protocols/uniswap-v3/index.ts";
import { uniswapOn } from "../domain/pools.ts";
import { UniswapIncreaseLiquidityProvisionRequest } from "../schemas.ts";

export const liquidityProvisionIncrease = defineOperation({
  method: "POST",
  path: "/v1/uniswap/liquidity_provision/increase",
  summary: "Increase an LP position",
  description:
    "A transaction for `sender` that adds its tokens to Uniswap v3 position `token_id` it owns (`increaseLiquidity`). Another wallet's position is a 422; an unknown id a 404.",
  body: UniswapIncreaseLiquidityProvisionRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => increaseTransaction(ctx.config, uniswapOn(ctx, body.chain, "body"), body),
});
