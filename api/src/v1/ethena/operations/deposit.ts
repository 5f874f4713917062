import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { ethenaDeposit } from "../domain/ethena.ts";
import { EthenaDepositRequest } from "../schemas.ts";

export const deposit = defineOperation({
  method: "POST",
  path: "/v1/ethena/deposit",
  summary: "Deposit",
  description:
    "A transaction for `sender` that stakes `amount` of USDe into sUSDe, the shares to `receiver` (default the sender). The sender's USDe and its allowance to `EthenaVault` are checked first.",
  body: EthenaDepositRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => ethenaDeposit(ctx, body),
});
