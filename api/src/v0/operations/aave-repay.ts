import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AaveRepayRequest, V0UnsignedTransaction } from "../schemas.ts";

export const aaveRepay = defineOperation({
  name: "aaveRepay",
  method: "POST",
  path: "/v0/aave/repay",
  summary: "Repay loans",
  description: "A transaction that repays `amount` of the asset to Aave V3 (`POST /v1/aave/repay`).",
  body: V0AaveRepayRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_aave_repay", body, {
      token: body.asset,
      amount: body.amount,
      interest_rate_mode: body.interest_rate_mode,
      on_behalf_of: body.on_behalf_of,
    }),
});
