import { DomainError } from "../../../kernel/errors.ts";
import { transferOperation } from "../../../product-accounts/index.ts";
import { resolveToken } from "../domain/tokens.ts";
import { TransferRequest, TransferResponse } from "../schemas.ts";

export const transfer = transferOperation({
  product: "tokenized_assets",
  path: "/v2/tokenized_assets/transfer",
  description:
    "DEPOSIT moves `token` from the owner's wallet into the account (an ERC-20 transfer, or with `gas_sponsorship` a Permit2 signature whose spender is `spender` or the account); WITHDRAW moves it back to the owner (the account's execTransaction, or a SafeTx to sign for `POST /v2/gas_sponsorship/prepare`). Simulated before it is returned.",
  body: TransferRequest,
  response: TransferResponse,
  errors: [{ status: 400, description: "unknown token, account not deployed, or Permit2 approval missing" }],
  errorModel: "mixed",
  cli: { short: { chain: "c", gas_sponsorship: "g", spender: "s", token: "t" } },
  // a listed token only (tokenized orders settle in USDC); an unknown one is a 400 like the account's refusals
  token(ctx, _client, body) {
    try {
      return resolveToken(ctx.config, body.chain, body.token, ["body", "token"]);
    } catch (error) {
      if (error instanceof DomainError) throw new DomainError(400, error.label, error.message);
      throw error;
    }
  },
});
