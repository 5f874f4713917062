import type { Address, PublicClient } from "viem";
import type { z } from "zod";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { namedTokens } from "../../kernel/chain/erc20.ts";
import type { Config } from "../../kernel/config/env.ts";
import type { Context } from "../../kernel/context.ts";
import { defineOperation, type Operation } from "../../kernel/registry/define.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { productAccountAddress } from "../domain/address.ts";
import { readAccountBalances } from "../domain/balances.ts";
import { PRODUCT_LABEL, type Product } from "../domain/products.ts";

type AccountQuery = z.ZodObject<any> & z.ZodType<{ chain: ChainName; owner: Address }>;

/** USD per whole token (18 decimals) on `chain`, or null when unpriced. */
export type TokenPrice = (
  config: Config,
  client: PublicClient,
  chain: ChainName,
  token: Address,
) => Promise<bigint | null>;

/**
 * A product's `balances` read from chain (spec product-accounts §2): every token its account holds or has held,
 * USDC always listed, each with its transfer history, valued at `price`.
 */
export function balancesOperation(spec: {
  product: Product;
  path: string;
  description: string;
  query: AccountQuery;
  response: z.ZodType;
  price: TokenPrice;
}): Operation {
  const { product } = spec;
  return defineOperation({
    method: "GET",
    path: spec.path,
    summary: `Balances of the ${PRODUCT_LABEL[product]}`,
    description: spec.description,
    query: spec.query,
    response: spec.response,
    history: true,
    widget: true,
    cli: { short: { chain: "c" } },
    async handler({ query }, ctx: Context) {
      const client = ctx.services.chains.get(query.chain);
      const account = productAccountAddress(query.owner, product);
      const result = await readAccountBalances({
        client,
        logs: ctx.services.chains.logs,
        account,
        listed: namedTokens(ctx.config, query.chain).filter((t) => t.symbol === "USDC"),
        price: (token) => spec.price(ctx.config, client, query.chain, token),
      }).catch((error) => rethrowRpc(query.chain, error));
      return { [`${product}_account_address`]: account, ...result };
    },
  });
}
