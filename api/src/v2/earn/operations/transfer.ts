import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { DomainError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildTransfer } from "../../../product-accounts/index.ts";
import type { EarnContext } from "../domain/ports.ts";
import { EarnTransferRequest, EarnTransferResponse } from "../schemas.ts";

export const transfer = defineOperation({
  method: "POST",
  path: "/v2/earn/transfer",
  summary: "Move tokens between the owner and the Earn Account",
  description:
    "DEPOSIT moves `token` (any ERC-20) from the owner's wallet into the Earn Account (an ERC-20 transfer, or with `gas_sponsorship` a Permit2 signature whose spender is `spender` or the account); WITHDRAW moves it out to the owner or to `recipient` (the account's execTransaction, or a SafeTx to sign for `POST /v2/gas_sponsorship/prepare`). Simulated before it is returned.",
  body: EarnTransferRequest,
  response: EarnTransferResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g", recipient: "r", spender: "s", token: "t" } },
  async handler({ body }, ctx: EarnContext) {
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    if (body.action === "DEPOSIT" && body.recipient)
      throw new DomainError(
        422,
        "recipient is for WITHDRAW",
        "recipient: only a WITHDRAW pays out to a recipient",
      );
    const token = await resolveErc20(ctx.config, client, body.chain, body.token, ["body", "token"]);
    try {
      return await buildTransfer({
        client,
        chain: body.chain,
        owner: body.owner,
        product: "earn",
        token,
        amount: toRawAmount(body.amount, token.decimals, ["body", "amount"], token.symbol),
        action: body.action,
        sponsored: body.gas_sponsorship,
        spender: body.spender ?? undefined,
        recipient: body.recipient ?? undefined,
      });
    } catch (error) {
      // earn declares only 422 (spec): an undeployed account or a missing Permit2 approval is one
      if (error instanceof DomainError && error.status === 400)
        throw new DomainError(422, error.label, error.message);
      throw error;
    }
  },
});
