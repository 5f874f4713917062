import { defineOperation } from "../../../kernel/registry/define.ts";
import { morphoMarketsPage } from "../domain/morpho-markets.ts";
import type { CreditContext } from "../domain/ports.ts";
import { MorphoMarketsQuery, MorphoMarketsResponse } from "../schemas.ts";

export const morphoMarkets = defineOperation({
  method: "GET",
  path: "/v2/credit/morpho_markets",
  summary: "Morpho Blue lending markets",
  description:
    "Every market of the chain's Morpho Blue, found from its CreateMarket events and read for the next block: loan and collateral tokens, oracle, rate model, LLTV, totals, utilisation, the fee, the rate model's borrow APY and the supply APY it implies, and TVL and liquidity in USD where the chain's oracle prices the loan token. Sorted by `order_by`, paged by `offset`/`limit`.",
  query: MorphoMarketsQuery,
  response: MorphoMarketsResponse,
  history: true,
  widget: true,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: CreditContext) {
    return morphoMarketsPage({
      config: ctx.config,
      client: ctx.services.chains.get(query.chain),
      logs: ctx.services.chains.logs,
      query,
    });
  },
});
