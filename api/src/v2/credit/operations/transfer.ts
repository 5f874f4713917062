import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { DomainError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildTransfer } from "../../../product-accounts/index.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditTransferRequest, CreditTransferResponse } from "../schemas.ts";

export const transfer = defineOperation({
  method: "POST",
  path: "/v2/credit/transfer",
  summary: "Move tokens between the owner and the Credit Account",
  description:
    "DEPOSIT moves `token` (any ERC-20) from the owner's wallet into the Credit Account (an ERC-20 transfer, or with `gas_sponsorship` a Permit2 signature whose spender is `spender` or the account); WITHDRAW moves it back to the owner (the account's execTransaction, or a SafeTx to sign for `POST /v2/gas_sponsorship/prepare`). Simulated before it is returned.",
  body: CreditTransferRequest,
  response: CreditTransferResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g", spender: "s", token: "t" } },
  async handler({ body }, ctx: CreditContext) {
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    const token = await resolveErc20(ctx.config, client, body.chain, body.token, ["body", "token"]);
    try {
      return await buildTransfer({
        client,
        chain: body.chain,
        owner: body.owner,
        product: "credit",
        token,
        amount: toRawAmount(body.amount, token.decimals, ["body", "amount"], token.symbol),
        action: body.action,
        sponsored: body.gas_sponsorship,
        spender: body.spender ?? undefined,
      });
    } catch (error) {
      // credit declares only 422 (spec): an undeployed account or a missing Permit2 approval is one
      if (error instanceof DomainError && error.status === 400)
        throw new DomainError(422, error.label, error.message);
      throw error;
    }
  },
});
