import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { blueWrite } from "../domain/blue-writes.ts";
import { MorphoWithdrawCollateralRequest } from "../schemas.ts";

export const withdrawCollateral = defineOperation({
  method: "POST",
  path: "/v1/morpho/withdraw_collateral",
  summary: "Withdraw Collateral",
  description:
    "A transaction for `sender` that takes `amount` of collateral out of a Morpho Blue position to `receiver`: `withdrawCollateral`. More than the position holds, or so much that its debt would exceed what the rest allows at the LLTV, is a 422.",
  body: MorphoWithdrawCollateralRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => blueWrite("withdraw_collateral", body, ctx),
});
