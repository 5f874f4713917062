import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { withdrawTransaction } from "../../../protocols/uniswap-v3/index.ts";
import { slipstreamOn } from "../domain/deployment.ts";
import { AerodromeSlipstreamWithdrawLiquidityProvisionRequest } from "../schemas.ts";

export const liquidityProvisionWithdraw = defineOperation({
  method: "POST",
  path: "/v1/aerodrome_slipstream/liquidity_provision/withdraw",
  summary: "Withdraw an LP position",
  description:
    "A transaction for `sender` that takes `percentage_for_withdrawal` of a Slipstream position's liquidity out and collects its tokens and fees (`decreaseLiquidity` and `collect` in one `multicall`, each amount held to 99.5 % of what a simulation frees).",
  body: AerodromeSlipstreamWithdrawLiquidityProvisionRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => withdrawTransaction(slipstreamOn(ctx, "body"), body),
});
