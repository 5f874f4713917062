import { rethrowRpc } from "../../chain/clients.ts";
import { productAccountAddress } from "../../product-accounts/index.ts";
import { defineOperation } from "../../registry/define.ts";
import { aaveCreditMarket } from "../domain/aave.ts";
import { readLoopedPositions } from "../domain/looped-positions.ts";
import { CreditAccountQuery, LoopedPositionsResponse } from "../schemas.ts";

export const loopedPositions = defineOperation({
  method: "GET",
  path: "/v2/credit/looped_positions",
  summary: "The Credit Account's leverage loops and their history",
  description:
    "Each Aave leverage loop of the Credit Account on `chain` — a transaction that supplied a collateral and borrowed against it with a swap between — as a position: OPEN with its collateral, debt, leverage, health factor and net APY now, or CLOSED once its debt was repaid; totals added and removed; and every transaction that moved it since, classified (loop_open, loop_increase, unwind, supply, withdraw, borrow, repay, liquidation, mixed) with the swap inside it, read from the pool's events and the transactions' own transfers.",
  query: CreditAccountQuery,
  response: LoopedPositionsResponse,
  widget: true,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    const client = ctx.services.chains.get(query.chain);
    const market = aaveCreditMarket(ctx.config, query.chain, ["query", "chain"]);
    return readLoopedPositions({
      client,
      logs: ctx.services.chains.logs,
      market,
      account: productAccountAddress(query.owner, "credit"),
    }).catch((error) => rethrowRpc(query.chain, error));
  },
});
