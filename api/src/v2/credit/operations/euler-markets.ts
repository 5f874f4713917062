import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { readEulerMarkets } from "../domain/euler-markets.ts";
import type { CreditContext } from "../domain/ports.ts";
import { EulerMarketsQuery, EulerMarketsResponse } from "../schemas.ts";

export const eulerMarkets = defineOperation({
  method: "GET",
  path: "/v2/credit/euler_markets",
  summary: "Euler lending vaults and the collateral they accept",
  description:
    "Every Euler (EVK) vault the chain's Euler factory created: its asset, cash, supplied and borrowed assets, utilisation, borrow and supply APY (the vault's per-second rate compounded; supply = borrow × utilisation × (1 − interest fee)), caps, and the collateral vaults it accepts with their borrow and liquidation LTVs. Prices are the chain's Aave oracle's.",
  query: EulerMarketsQuery,
  response: EulerMarketsResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: CreditContext) {
    const client = ctx.services.chains.get(query.chain, ["query", "chain"]);
    const markets = await readEulerMarkets({
      config: ctx.config,
      client,
      logs: ctx.services.chains.logs,
      chain: query.chain,
    }).catch((error) => rethrowRpc(query.chain, error));
    return { perspective: "factory", markets };
  },
});
