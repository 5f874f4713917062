import type { Address, PublicClient } from "viem";
import type { z } from "zod";
import { resolveErc20 } from "../../kernel/chain/erc20.ts";
import type { Context } from "../../kernel/context.ts";
import { DomainError } from "../../kernel/errors.ts";
import { toRawAmount } from "../../kernel/lib/amounts.ts";
import {
  type CliSpec,
  defineOperation,
  type ErrorModel,
  type ErrorSpec,
  type Operation,
} from "../../kernel/registry/define.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { PRODUCT_LABEL, type Product } from "../domain/products.ts";
import { buildTransfer } from "../domain/transfer.ts";

interface TransferBody {
  owner: Address;
  chain: ChainName;
  token: string;
  amount: string;
  action: "DEPOSIT" | "WITHDRAW";
  gas_sponsorship: boolean;
  spender?: Address | null;
  recipient?: Address | null;
}

type Token = { address: Address; symbol: string; decimals: number };

/**
 * A product's `transfer` between the owner and its account (spec product-accounts §3), simulated first. A
 * `recipient` (earn's, WITHDRAW only) pays out to another address.
 */
export function transferOperation(spec: {
  product: Product;
  path: string;
  description: string;
  body: z.ZodObject<any> & z.ZodType<TransferBody>;
  response: z.ZodType;
  cli: CliSpec;
  errors?: ErrorSpec[];
  errorModel?: ErrorModel;
  /** how `token` is found: by default any ERC-20 by symbol or address */
  token?: (ctx: Context, client: PublicClient, body: TransferBody) => Promise<Token> | Token;
  /**
   * the status of a transfer the account refuses (not deployed, Permit2 approval missing), when the product
   * declares only that one (earn and credit: 422)
   */
  refusalStatus?: number;
}): Operation {
  const { product } = spec;
  return defineOperation({
    method: "POST",
    path: spec.path,
    summary: `Move tokens between the owner and the ${PRODUCT_LABEL[product]}`,
    description: spec.description,
    body: spec.body,
    response: spec.response,
    ...(spec.errors && { errors: spec.errors }),
    ...(spec.errorModel && { errorModel: spec.errorModel }),
    // builds an unsigned payload for the user's own wallet: safe behind a publishable key
    widget: true,
    cli: spec.cli,
    async handler({ body }, ctx: Context) {
      const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
      if (body.action === "DEPOSIT" && body.recipient)
        throw new DomainError(
          422,
          "recipient is for WITHDRAW",
          "recipient: only a WITHDRAW pays out to a recipient",
        );
      const token = spec.token
        ? await spec.token(ctx, client, body)
        : await resolveErc20(ctx.config, client, body.chain, body.token, ["body", "token"]);
      try {
        return await buildTransfer({
          client,
          chain: body.chain,
          owner: body.owner,
          product,
          token,
          amount: toRawAmount(body.amount, token.decimals, ["body", "amount"], token.symbol),
          action: body.action,
          sponsored: body.gas_sponsorship,
          spender: body.spender ?? undefined,
          recipient: body.recipient ?? undefined,
        });
      } catch (error) {
        if (spec.refusalStatus && error instanceof DomainError && error.status === 400)
          throw new DomainError(spec.refusalStatus, error.label, error.message);
        throw error;
      }
    },
  });
}
