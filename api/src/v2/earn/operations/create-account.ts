import { defineOperation } from "../../../kernel/registry/define.ts";
import { buildCreateAccount } from "../../../product-accounts/index.ts";
import type { EarnContext } from "../domain/ports.ts";
import { EarnCreateAccountRequest, EarnCreateAccountResponse } from "../schemas.ts";

export const createAccount = defineOperation({
  method: "POST",
  path: "/v2/earn/create_account",
  summary: "Create the Earn Account",
  description:
    "The owner's Earn Account: a Safe v1.4.1 at an address derived from (owner, product), the same on every chain and known before deployment. Returns the creation transaction for `sender` to sign and broadcast, or `transaction: null` once the account exists (safe to call again).",
  body: EarnCreateAccountRequest,
  response: EarnCreateAccountResponse,
  // builds an unsigned payload for the user's own wallet: safe behind a publishable key
  widget: true,
  cli: { aliases: ["ca"], short: { chain: "c", estimate_gas: "e", sender: "s" } },
  async handler({ body }, ctx: EarnContext) {
    const result = await buildCreateAccount({
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      chain: body.chain,
      sender: body.sender,
      owner: body.owner,
      product: "earn",
      estimateGas: body.estimate_gas,
    });
    return { transaction: result.transaction, earn_account_address: result.address };
  },
});
