import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { redeemYield as redeem } from "../domain/liquidity.ts";
import { PendleRedeemYieldRequest } from "../schemas.ts";

export const redeemYield = defineOperation({
  method: "POST",
  path: "/v1/pendle/redeem_yield",
  summary: "Redeem Claimable Yield",
  description:
    "A transaction for `sender` that claims the yield its YT of the market has earned (paid in SY, net of Pendle's interest fee). A wallet with no YT and nothing to claim is a 422.",
  body: PendleRedeemYieldRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => redeem(ctx, body),
});
