import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0TransferErc20Request, V0UnsignedTransaction } from "../schemas.ts";

export const genericTransferErc20 = defineOperation({
  name: "genericTransferErc20",
  method: "POST",
  path: "/v0/generic/transfer/erc20",
  summary: "Transfer ERC20 Token",
  description: "A transaction that sends `amount` of the token to `to` (`POST /v1/token/transfer`).",
  body: V0TransferErc20Request,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_token_transfer", body, { token: body.token, amount: body.amount, to: body.to }),
});
