import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { blueWrite } from "../domain/blue-writes.ts";
import { MorphoBorrowRequest } from "../schemas.ts";

export const borrow = defineOperation({
  method: "POST",
  path: "/v1/morpho/borrow",
  summary: "Borrow",
  description:
    "A transaction for `sender` that borrows `amount` of a Morpho Blue market's loan token against the position's collateral, to `receiver`: `borrow`. More than the market's liquidity, or than the collateral allows at the LLTV at the market's oracle, is a 422.",
  body: MorphoBorrowRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => blueWrite("borrow", body, ctx),
});
