import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildCreateAccount } from "../../../product-accounts/index.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditCreateAccountRequest, CreditCreateAccountResponse } from "../schemas.ts";

export const createAccount = defineOperation({
  method: "POST",
  path: "/v2/credit/create_account",
  summary: "Create the Credit Account",
  description:
    "The owner's Credit Account: a Safe v1.4.1 at an address derived from (owner, product), the same on every chain and known before deployment, separate from the Earn Account. Returns the creation transaction for `sender` to sign and broadcast, or `transaction: null` once the account exists (safe to call again).",
  body: CreditCreateAccountRequest,
  response: CreditCreateAccountResponse,
  // builds an unsigned payload for the user's own wallet: safe behind a publishable key
  widget: true,
  cli: { aliases: ["ca"], short: { chain: "c", estimate_gas: "e", sender: "s" } },
  async handler({ body }, ctx: CreditContext) {
    const result = await buildCreateAccount({
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      chain: body.chain,
      sender: body.sender,
      owner: body.owner,
      product: "credit",
      estimateGas: body.estimate_gas,
    });
    return { transaction: result.transaction, credit_account_address: result.address };
  },
});
