import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { namedTokens } from "../../../kernel/chain/erc20.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { productAccountAddress, readAccountBalances } from "../../../product-accounts/index.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import type { EarnContext } from "../domain/ports.ts";
import { EarnBalancesQuery, EarnBalancesResponse } from "../schemas.ts";

export const balances = defineOperation({
  method: "GET",
  path: "/v2/earn/balances",
  summary: "Balances of the Earn Account",
  description:
    "Every token the owner's Earn Account on `chain` holds or has held (USDC always listed), each with its full transfer history read from chain; USD values from the chain's price oracle where it prices the token (USDC at 1).",
  query: EarnBalancesQuery,
  response: EarnBalancesResponse,
  widget: true,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: EarnContext) {
    const client = ctx.services.chains.get(query.chain);
    const account = productAccountAddress(query.owner, "earn");
    const result = await readAccountBalances({
      client,
      logs: ctx.services.chains.logs,
      account,
      listed: namedTokens(ctx.config, query.chain).filter((t) => t.symbol === "USDC"),
      // USDC at 1, every other token at the chain's Aave oracle price (null when it lists none)
      price: (token) => oraclePrice(ctx.config, client, query.chain, token),
    }).catch((error) => rethrowRpc(query.chain, error));
    return { earn_account_address: account, ...result };
  },
});
