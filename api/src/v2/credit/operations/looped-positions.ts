import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import { requireAaveMarket } from "../../../protocols/aave/index.ts";
import { readLoopedPositions } from "../domain/looped-positions.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditAccountQuery, LoopedPositionsResponse } from "../schemas.ts";

export const loopedPositions = defineOperation({
  method: "GET",
  path: "/v2/credit/looped_positions",
  summary: "The Credit Account's leverage loops and their history",
  description:
    "Each leverage loop of the Credit Account on `chain`, on Aave v3 or in a Morpho Blue market (with its `market_id`) — a transaction that supplied a collateral and borrowed against it with a swap between — as a position: OPEN with its collateral, debt, leverage, health factor and net APY now, or CLOSED once its debt was repaid; totals added and removed; and every transaction that moved it since, classified (loop_open, loop_increase, unwind, supply, withdraw, borrow, repay, liquidation, mixed) with the swap inside it, read from the venues' events and the transactions' own transfers. The health factor is the Aave account's (`account`) or the Morpho market's (`market`).",
  query: CreditAccountQuery,
  response: LoopedPositionsResponse,
  history: true,
  widget: true,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: CreditContext) {
    const client = ctx.services.chains.get(query.chain);
    const market = requireAaveMarket(ctx.config, query.chain, ["query", "chain"]);
    return readLoopedPositions({
      config: ctx.config,
      chain: query.chain,
      client,
      logs: ctx.services.chains.logs,
      market,
      account: productAccountAddress(query.owner, "credit"),
    }).catch((error) => rethrowRpc(query.chain, error));
  },
});
