import type { Address } from "viem";
import type { z } from "zod";
import type { Context } from "../../kernel/context.ts";
import { defineOperation, type Operation } from "../../kernel/registry/define.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { buildCreateAccount } from "../domain/create.ts";
import { PRODUCT_LABEL, type Product } from "../domain/products.ts";

type CreateAccountBody = z.ZodObject<any> &
  z.ZodType<{ chain: ChainName; sender: Address; owner: Address; estimate_gas: boolean }>;

/**
 * A product's `create_account` (spec product-accounts §1): its account's address, known before deployment, and
 * while it has no code the creation transaction `sender` signs; `transaction: null` once it exists.
 */
export function createAccountOperation(spec: {
  product: Product;
  path: string;
  description: string;
  /** the product's request (its `chain` values, its schema id) */
  body: CreateAccountBody;
  response: z.ZodType;
}): Operation {
  const { product } = spec;
  return defineOperation({
    method: "POST",
    path: spec.path,
    summary: `Create the ${PRODUCT_LABEL[product]}`,
    description: spec.description,
    body: spec.body,
    response: spec.response,
    // builds an unsigned payload for the user's own wallet: safe behind a publishable key
    widget: true,
    cli: { aliases: ["ca"], short: { chain: "c", estimate_gas: "e", sender: "s" } },
    async handler({ body }, ctx: Context) {
      const result = await buildCreateAccount({
        client: ctx.services.chains.get(body.chain, ["body", "chain"]),
        chain: body.chain,
        sender: body.sender,
        owner: body.owner,
        product,
        estimateGas: body.estimate_gas,
      });
      return { transaction: result.transaction, [`${product}_account_address`]: result.address };
    },
  });
}
