import { servesChain } from "../../../kernel/config/env.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { matchesFilters } from "../domain/filters.ts";
import { marketChains, marketsAcross } from "../domain/markets.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { MarketsQuery, MarketsResponse } from "../schemas.ts";

export const markets = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/markets",
  summary: "List tokenized-asset markets",
  description:
    "Every listed tokenized asset per chain with its live price, 24 h change, yield, TVL and trading status. Filters combine: `category` (sector tag), `search` (substring of symbol, underlying ticker or name), `provider`, `asset_class`, `chain`. A chain or issuer that cannot be reached is left out (502 only when nothing can be listed).",
  query: MarketsQuery,
  response: MarketsResponse,
  history: true,
  errors: [{ status: 502, description: "chain or issuer unavailable" }],
  errorModel: "mixed",
  cli: { short: { asset_class: "a", provider: "p", search: "s" } },
  widget: true,
  async handler({ query }, ctx: TokenizedAssetsContext) {
    if (query.chain && !servesChain(ctx.config, query.chain))
      throw fieldError(["query", "chain"], `Chain '${query.chain}' is not available in ${ctx.config.env}`);
    const chains = query.chain ? [query.chain] : marketChains(ctx);
    return { markets: await marketsAcross(ctx, chains, (token) => matchesFilters(token.asset!, query)) };
  },
});
