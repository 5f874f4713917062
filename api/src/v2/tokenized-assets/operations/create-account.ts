import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildCreateAccount } from "../../../product-accounts/index.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { CreateAccountRequest, CreateAccountResponse } from "../schemas.ts";

export const createAccount = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/create_account",
  summary: "Create the Tokenized Assets Account",
  description:
    "The owner's Tokenized Assets Account: a Safe v1.4.1 at an address derived from (owner, product), the same on every chain and known before deployment. Returns the creation transaction for `sender` to sign and broadcast, or `transaction: null` once the account exists (safe to call again).",
  body: CreateAccountRequest,
  response: CreateAccountResponse,
  // builds an unsigned payload for the user's own wallet: safe behind a publishable key
  widget: true,
  cli: { aliases: ["ca"], short: { chain: "c", estimate_gas: "e", sender: "s" } },
  async handler({ body }, ctx: TokenizedAssetsContext) {
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    const result = await buildCreateAccount({
      client,
      chain: body.chain,
      sender: body.sender,
      owner: body.owner,
      product: "tokenized_assets",
      estimateGas: body.estimate_gas,
    });
    return { transaction: result.transaction, tokenized_assets_account_address: result.address };
  },
});
