import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveWrite } from "../domain/writes.ts";
import { AaveBorrowRequest, AaveTransactionResponse } from "../schemas.ts";

export const borrow = defineOperation({
  method: "POST",
  path: "/v1/aave/borrow",
  summary: "Borrow",
  description:
    "A transaction for `sender` that borrows `amount` of `token` from Aave v3 on `chain` at the variable rate, against the collateral of `on_behalf_of` (default the sender; another wallet must have delegated its credit). Simulated first: a borrow the collateral cannot cover is a 422 with Aave's reason.",
  body: AaveBorrowRequest,
  response: AaveTransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => aaveWrite("borrow", body, ctx),
});
