import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildApproveTransfer } from "../domain/approve.ts";
import { ApproveTransferRequest, ApproveTransferResponse } from "../schemas.ts";

export const approveTransfer = defineOperation({
  method: "POST",
  path: "/v2/gas_sponsorship/approve_transfer",
  summary: "One-time Permit2 approval of a token",
  description:
    "Gives Permit2 an unlimited allowance of `token` so later sponsored deposits need only one Permit2 signature. With `gas_sponsorship`, an EIP-2612 permit to sign and relay through `POST /v2/gas_sponsorship/prepare` (permit tokens such as USDC); otherwise an `approve` transaction the owner sends. `already_approved` is true when nothing needs doing.",
  body: ApproveTransferRequest,
  response: ApproveTransferResponse,
  // builds an unsigned payload for the user's own wallet: safe behind a publishable key
  widget: true,
  cli: { aliases: ["at"], short: { chain: "c", gas_sponsorship: "g", token: "t" } },
  async handler({ body }, ctx) {
    return buildApproveTransfer({
      config: ctx.config,
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      chain: body.chain,
      owner: body.owner,
      token: body.token,
      sponsored: body.gas_sponsorship,
    });
  },
});
