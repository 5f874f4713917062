import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveWrite } from "../domain/writes.ts";
import { AaveTransactionResponse, AaveWithdrawRequest } from "../schemas.ts";

export const withdraw = defineOperation({
  method: "POST",
  path: "/v1/aave/withdraw",
  summary: "Unstake",
  description:
    "A transaction for `sender` that withdraws `amount` of its `token` supply from Aave v3 on `chain` to `recipient`. Simulated first: more than is supplied, or a withdrawal that would leave the debt uncovered, is a 422 with Aave's reason.",
  body: AaveWithdrawRequest,
  response: AaveTransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => aaveWrite("withdraw", body, ctx),
});
