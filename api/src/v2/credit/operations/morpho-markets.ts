import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { morphoSingleton, readMorphoMarkets } from "../domain/morpho-markets.ts";
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
  widget: true,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: CreditContext) {
    const client = ctx.services.chains.get(query.chain);
    const morpho = morphoSingleton(ctx.config, query.chain);
    const markets = await readMorphoMarkets({
      config: ctx.config,
      client,
      logs: ctx.services.chains.logs,
      chain: query.chain,
    }).catch((error) => rethrowRpc(query.chain, error));
    const key = (m: (typeof markets)[number]) => Number(m[query.order_by] ?? -1);
    const sign = query.direction === "asc" ? 1 : -1;
    markets.sort((a, b) => sign * (key(a) - key(b)) || a.market_id.localeCompare(b.market_id));
    return {
      total: markets.length,
      offset: query.offset,
      limit: query.limit,
      morpho,
      markets: markets.slice(query.offset, query.offset + query.limit),
    };
  },
});
