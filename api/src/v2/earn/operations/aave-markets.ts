import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveMarketsBySymbol } from "../domain/aave-markets.ts";
import type { EarnContext } from "../domain/ports.ts";
import { EarnAaveMarketsQuery, EarnAaveMarketsResponse } from "../schemas.ts";

export const aaveMarkets = defineOperation({
  method: "GET",
  path: "/v2/earn/aave_markets",
  summary: "Aave v3 markets: rates, liquidity and limits per token and chain",
  description:
    "Every Aave v3 reserve on `chain` (or on every chain this deployment serves), by token symbol: variable supply and borrow APY now and their time-weighted means over `days` (from the pool's own rate updates), what is borrowed and available, utilisation, LTV and liquidation threshold; the canonical (deepest) reserve per chain with all of the symbol's reserves, and the chain paying the most for supply. Tokens with zero supply and borrow APY are left out.",
  query: EarnAaveMarketsQuery,
  response: EarnAaveMarketsResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c" }, table: "markets.*symbol.chains.*chain" },
  async handler({ query }, ctx: EarnContext) {
    return aaveMarketsBySymbol({
      config: ctx.config,
      chains: ctx.services.chains,
      chain: query.chain,
      days: query.days,
    });
  },
});
