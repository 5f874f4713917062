import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import { requireAaveMarket } from "../../../protocols/aave/index.ts";
import type { CreditContext } from "../domain/ports.ts";
import { readCreditPositions } from "../domain/positions.ts";
import { CreditAccountQuery, CreditPositionsResponse } from "../schemas.ts";

export const positions = defineOperation({
  method: "GET",
  path: "/v2/credit/positions",
  summary: "Collateral, debt and health of the Credit Account",
  description:
    "The Credit Account's collateral and debt on `chain` — Aave v3, and each Morpho Blue market it has used (with the market's health factor) — each with its USD value at the pool's oracle, its rate and its history from the pool's events (supplied, withdrawn, borrowed, repaid, liquidated; interest since), the pool's account summary (health factor, collateral, debt, borrowing power, LTV, e-mode) and how much of each reserve it may still borrow. An account that does not exist yet has empty lists.",
  query: CreditAccountQuery,
  response: CreditPositionsResponse,
  history: true,
  widget: true,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: CreditContext) {
    const client = ctx.services.chains.get(query.chain);
    const market = requireAaveMarket(ctx.config, query.chain, ["query", "chain"]);
    return readCreditPositions({
      config: ctx.config,
      chain: query.chain,
      client,
      logs: ctx.services.chains.logs,
      market,
      account: productAccountAddress(query.owner, "credit"),
    }).catch((error) => rethrowRpc(query.chain, error));
  },
});
