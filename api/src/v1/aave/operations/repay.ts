import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveWrite } from "../domain/writes.ts";
import { AaveRepayRequest, AaveTransactionResponse } from "../schemas.ts";

export const repay = defineOperation({
  method: "POST",
  path: "/v1/aave/repay",
  summary: "Repay Loans",
  description:
    "A transaction for `sender` that repays `amount` of `token` owed on Aave v3 by `on_behalf_of` (default the sender); an amount above the debt repays all of it and pulls only what is owed. The sender must have approved the pool.",
  body: AaveRepayRequest,
  response: AaveTransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => aaveWrite("repay", body, ctx),
});
