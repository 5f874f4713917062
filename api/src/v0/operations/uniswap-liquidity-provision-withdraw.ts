import { defineOperation } from "../../kernel/registry/define.ts";
import { fieldsOf, v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0UniswapWithdrawLiquidityProvisionRequest, V0UnsignedTransaction } from "../schemas.ts";

export const uniswapLiquidityProvisionWithdraw = defineOperation({
  name: "uniswapLiquidityProvisionWithdraw",
  method: "POST",
  path: "/v0/uniswap/liquidity_provision/withdraw",
  summary: "Withdraw an LP position",
  description:
    "A transaction that takes a percentage of the position's liquidity out, with its fees (`POST /v1/uniswap/liquidity_provision/withdraw`).",
  body: V0UniswapWithdrawLiquidityProvisionRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_uniswap_liquidity_provision_withdraw", body, fieldsOf(body)),
});
