import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AaveWithdrawRequest, V0UnsignedTransaction } from "../schemas.ts";

export const aaveWithdraw = defineOperation({
  name: "aaveWithdraw",
  method: "POST",
  path: "/v0/aave/withdraw",
  summary: "Unstake",
  description:
    "A transaction that withdraws `amount` of the asset from Aave V3 to `recipient` (`POST /v1/aave/withdraw`).",
  body: V0AaveWithdrawRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_aave_withdraw", body, {
      token: body.asset,
      amount: body.amount,
      recipient: body.recipient,
    }),
});
