import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { ethenaUnstake } from "../domain/ethena.ts";
import { EthenaUnstakeRequest } from "../schemas.ts";

export const unstake = defineOperation({
  method: "POST",
  path: "/v1/ethena/unstake",
  summary: "Unstake",
  description:
    "A transaction for `sender` that pays what it has in cooldown out to `receiver` (default the sender) once the cooldown has ended. Nothing in cooldown, or a cooldown still running, is a 422 saying until when.",
  body: EthenaUnstakeRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => ethenaUnstake(ctx, body),
});
