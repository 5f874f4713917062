import { DomainError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildTransfer } from "../../../product-accounts/index.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { resolveToken } from "../domain/tokens.ts";
import { TransferRequest, TransferResponse } from "../schemas.ts";

export const transfer = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/transfer",
  summary: "Move tokens between the owner and the Tokenized Assets Account",
  description:
    "DEPOSIT moves `token` from the owner's wallet into the account (an ERC-20 transfer, or with `gas_sponsorship` a Permit2 signature whose spender is `spender` or the account); WITHDRAW moves it back to the owner (the account's execTransaction, or a SafeTx to sign for `POST /v2/gas_sponsorship/prepare`). Simulated before it is returned.",
  body: TransferRequest,
  response: TransferResponse,
  errors: [{ status: 400, description: "unknown token, account not deployed, or Permit2 approval missing" }],
  errorModel: "mixed",
  // builds an unsigned payload for the user's own wallet: safe behind a publishable key
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g", spender: "s", token: "t" } },
  async handler({ body }, ctx: TokenizedAssetsContext) {
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    let token: ReturnType<typeof resolveToken>;
    try {
      token = resolveToken(ctx.config, body.chain, body.token, ["body", "token"]);
    } catch (error) {
      if (error instanceof DomainError) throw new DomainError(400, error.label, error.message);
      throw error;
    }
    return buildTransfer({
      client,
      chain: body.chain,
      owner: body.owner,
      product: "tokenized_assets",
      token,
      amount: toRawAmount(body.amount, token.decimals, ["body", "amount"], token.symbol),
      action: body.action,
      sponsored: body.gas_sponsorship,
      spender: body.spender ?? undefined,
    });
  },
});
