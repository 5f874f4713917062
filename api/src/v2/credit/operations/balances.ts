import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { namedTokens } from "../../../kernel/chain/erc20.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { productAccountAddress, readAccountBalances } from "../../../product-accounts/index.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditAccountQuery, CreditBalancesResponse } from "../schemas.ts";

export const balances = defineOperation({
  method: "GET",
  path: "/v2/credit/balances",
  summary: "Balances of the Credit Account",
  description:
    "Every token the owner's Credit Account on `chain` holds or has held (USDC always listed) — what it can supply, repay with or send back, not what is supplied or borrowed (see `positions`) — each with its full transfer history read from chain; USD values from the chain's price oracle where it prices the token (USDC at 1).",
  query: CreditAccountQuery,
  response: CreditBalancesResponse,
  widget: true,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: CreditContext) {
    const client = ctx.services.chains.get(query.chain);
    const account = productAccountAddress(query.owner, "credit");
    const result = await readAccountBalances({
      client,
      logs: ctx.services.chains.logs,
      account,
      listed: namedTokens(ctx.config, query.chain).filter((t) => t.symbol === "USDC"),
      price: (token) => oraclePrice(ctx.config, client, query.chain, token),
    }).catch((error) => rethrowRpc(query.chain, error));
    return { credit_account_address: account, ...result };
  },
});
