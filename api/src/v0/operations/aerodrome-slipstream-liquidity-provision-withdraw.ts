import { defineOperation } from "../../kernel/registry/define.ts";
import { fieldsOf, v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AerodromeSlipstreamWithdrawLiquidityProvisionRequest, V0UnsignedTransaction } from "../schemas.ts";

export const aerodromeSlipstreamLiquidityProvisionWithdraw = defineOperation({
  name: "aerodromeSlipstreamLiquidityProvisionWithdraw",
  method: "POST",
  path: "/v0/aerodrome_slipstream/liquidity_provision/withdraw",
  summary: "Withdraw an LP position",
  description:
    "A transaction that takes a percentage of the Slipstream position's liquidity out, with its fees (`POST /v1/aerodrome_slipstream/liquidity_provision/withdraw`).",
  body: V0AerodromeSlipstreamWithdrawLiquidityProvisionRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_aerodrome_slipstream_liquidity_provision_withdraw", body, fieldsOf(body)),
});
