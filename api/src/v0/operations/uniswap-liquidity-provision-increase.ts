import { defineOperation } from "../../kernel/registry/define.ts";
import { fieldsOf, v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0UniswapIncreaseLiquidityProvisionRequest, V0UnsignedTransaction } from "../schemas.ts";

export const uniswapLiquidityProvisionIncrease = defineOperation({
  name: "uniswapLiquidityProvisionIncrease",
  method: "POST",
  path: "/v0/uniswap/liquidity_provision/increase",
  summary: "Increase an LP position",
  description:
    "A transaction that adds liquidity to the sender's position (`POST /v1/uniswap/liquidity_provision/increase`).",
  body: V0UniswapIncreaseLiquidityProvisionRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_uniswap_liquidity_provision_increase", body, fieldsOf(body)),
});
