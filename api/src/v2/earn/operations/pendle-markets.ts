import { CHAINS } from "@compass/constants";
import { defineOperation } from "../../../kernel/registry/define.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { listPendleMarkets, selectPendleMarkets } from "../domain/pendle-markets.ts";
import type { EarnContext } from "../domain/ports.ts";
import { EarnPendleMarketsQuery, EarnPendleMarketsResponse } from "../schemas.ts";

export const pendleMarkets = defineOperation({
  method: "GET",
  path: "/v2/earn/pendle_markets",
  summary: "Pendle markets with their PT, expiry, liquidity and implied APY",
  description:
    "The Pendle v2 markets on `chain` (or every served chain), each read from chain: the SY, PT and YT, the expiry, what the PT redeems into, the market's liquidity priced by the chain's oracle, and the implied APY a PT bought now locks in until expiry. Filter by underlying and a USD floor, sort by `order_by`, page with `offset`/`limit`. Buy and sell PT with `POST /v2/earn/manage` (venue `PENDLE_PT`).",
  query: EarnPendleMarketsQuery,
  response: EarnPendleMarketsResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: EarnContext) {
    const chains: ChainName[] = query.chain ? [query.chain] : [...CHAINS];
    const markets = await listPendleMarkets(
      ctx.config,
      ctx.services.chains,
      chains,
      query.chain !== undefined,
    );
    return selectPendleMarkets(markets, query);
  },
});
