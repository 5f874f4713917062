import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { blueWrite } from "../domain/blue-writes.ts";
import { MorphoRepayRequest } from "../schemas.ts";

export const repay = defineOperation({
  method: "POST",
  path: "/v1/morpho/repay",
  summary: "Repay",
  description:
    'A transaction for `sender` that repays `amount` of a Morpho Blue position\'s debt: `repay`; `"ALL"` repays by shares — exactly the debt, interest included, whenever it is mined (the allowance needs 0.1 % room). More than is owed is a 422.',
  body: MorphoRepayRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => blueWrite("repay", body, ctx),
});
