import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { buildTokenTransfer } from "../domain/transfer.ts";
import { TokenTransferRequest } from "../schemas.ts";

export const transfer = defineOperation({
  method: "POST",
  path: "/v1/token/transfer",
  summary: "Transfer Tokens",
  description:
    "A transaction for `sender` that sends `amount` of `token` (an ERC-20 by symbol or address, or `ETH`, the native coin) to `to`. More than the sender holds is a 422.",
  body: TokenTransferRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ body }, ctx) {
    return buildTokenTransfer(ctx, body);
  },
});
