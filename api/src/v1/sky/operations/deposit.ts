import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { skySavings } from "../domain/sky.ts";
import { SkyDepositRequest } from "../schemas.ts";

export const deposit = defineOperation({
  method: "POST",
  path: "/v1/sky/deposit",
  summary: "Deposit USDS",
  description:
    "A transaction for `sender` that deposits `amount` of USDS into sUSDS (Sky's savings vault, an ERC-4626), the shares to `receiver` (default the sender). The sender's USDS and its allowance to `SkyUsdsVault` are checked first.",
  body: SkyDepositRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => skySavings(ctx, "deposit", body),
});
