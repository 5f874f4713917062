import { defineOperation } from "../../../kernel/registry/define.ts";
import { ethenaRequest } from "../domain/ethena.ts";
import { EthenaRequestToWithdrawRequest, EthenaRequestToWithdrawTransactionResponse } from "../schemas.ts";

export const request = defineOperation({
  method: "POST",
  path: "/v1/ethena/request",
  summary: "Request to Withdraw",
  description:
    "A transaction for `sender` that starts a withdrawal from sUSDe: `amount` of USDe (or `\"ALL\"` the sender's shares) leaves the vault into Ethena's silo for the cooldown (`cooldown_duration_days`); `unstake` pays it out after. A second request adds to the first and restarts the clock.",
  body: EthenaRequestToWithdrawRequest,
  response: EthenaRequestToWithdrawTransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => ethenaRequest(ctx, body),
});
