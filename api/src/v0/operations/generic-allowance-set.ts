import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0IncreaseAllowanceRequest, V0UnsignedTransaction } from "../schemas.ts";

export const genericAllowanceSet = defineOperation({
  name: "genericAllowanceSet",
  method: "POST",
  path: "/v0/generic/allowance/set",
  summary: "Set Allowance",
  description:
    "A transaction that approves the named contract for `amount` of the token (`POST /v1/generic/allowance/set`).",
  body: V0IncreaseAllowanceRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_generic_allowance_set", body, {
      token: body.token,
      contract: body.contract_name,
      amount: body.amount,
    }),
});
