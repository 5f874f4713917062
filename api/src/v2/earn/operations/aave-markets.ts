import { CHAINS } from "@compass/constants";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { aaveMarket } from "../../../protocols/aave/index.ts";
import { groupBySymbol, readChainReserves } from "../domain/aave-markets.ts";
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
  widget: false,
  cli: { short: { chain: "c" }, table: "markets.*symbol.chains.*chain" },
  async handler({ query }, ctx: EarnContext) {
    const chains: ChainName[] = query.chain ? [query.chain] : [...CHAINS];
    const perChain = await Promise.all(
      chains.map(async (chain) => {
        // a chain asked for by name must be one this deployment serves (422); a served chain may have no Aave
        let client: ReturnType<typeof ctx.services.chains.get>;
        try {
          client = ctx.services.chains.get(chain, ["query", "chain"]);
        } catch (error) {
          if (query.chain) throw error;
          return { chain, reserves: [] };
        }
        const market = aaveMarket(ctx.config, chain);
        if (!market) return { chain, reserves: [] };
        const reserves = await readChainReserves({
          client,
          logs: ctx.services.chains.logs,
          market,
          days: query.days,
          lookback: BigInt(ctx.config.logs.maxRange),
        }).catch((error) => rethrowRpc(chain, error));
        return { chain, reserves };
      }),
    );
    return groupBySymbol(perChain);
  },
});
