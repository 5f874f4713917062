import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { skySavings } from "../domain/sky.ts";
import { SkyWithdrawRequest } from "../schemas.ts";

export const withdraw = defineOperation({
  method: "POST",
  path: "/v1/sky/withdraw",
  summary: "Withdraw USDS",
  description:
    'A transaction for `sender` that withdraws `amount` of USDS from sUSDS to `receiver` (default the sender), or with `"ALL"` redeems every share. What the sender can withdraw is checked first.',
  body: SkyWithdrawRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => skySavings(ctx, "withdraw", body),
});
