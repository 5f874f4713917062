import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0TransferEthRequest, V0UnsignedTransaction } from "../schemas.ts";

export const genericTransferNativeToken = defineOperation({
  name: "genericTransferNativeToken",
  method: "POST",
  path: "/v0/generic/transfer/native_token",
  summary: "Transfer ETH",
  description: "A transaction that sends `amount` ETH to `to` (`POST /v1/token/transfer` with ETH).",
  body: V0TransferEthRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_token_transfer", body, { token: "ETH", amount: body.amount, to: body.to }),
});
