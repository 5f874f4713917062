import { z } from "zod";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { Address, Chain, UnsignedTransaction } from "../../../kernel/schemas/common.ts";
import { buildCreateAccount } from "../../../product-accounts/index.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";

export const createAccount = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/create_account",
  summary: "Create the Tokenized Assets Account",
  description:
    "The owner's Tokenized Assets Account: a Safe v1.4.1 at an address derived from (owner, product), the same on every chain and known before deployment. Returns the creation transaction for `sender` to sign and broadcast, or `transaction: null` once the account exists (safe to call again).",
  body: z
    .object({
      sender: Address.describe("wallet that signs and pays for the creation transaction"),
      owner: Address.describe("EOA that will own and control the account"),
      estimate_gas: z.boolean().default(true).describe("estimate gas (which also simulates the transaction)"),
      chain: Chain.default("ethereum"),
    })
    .meta({ id: "TokenizedAssetsCreateAccountRequest" }),
  response: z
    .object({
      transaction: UnsignedTransaction.nullable(),
      tokenized_assets_account_address: z.string().describe("predicted (or existing) account address"),
    })
    .meta({ id: "TokenizedAssetsCreateAccountResponse" }),
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
