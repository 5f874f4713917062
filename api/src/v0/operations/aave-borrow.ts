import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AaveBorrowRequest, V0UnsignedTransaction } from "../schemas.ts";

export const aaveBorrow = defineOperation({
  name: "aaveBorrow",
  method: "POST",
  path: "/v0/aave/borrow",
  summary: "Borrow",
  description: "A transaction that borrows `amount` of the asset from Aave V3 (`POST /v1/aave/borrow`).",
  body: V0AaveBorrowRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_aave_borrow", body, {
      token: body.asset,
      amount: body.amount,
      interest_rate_mode: body.interest_rate_mode,
      on_behalf_of: body.on_behalf_of,
    }),
});
