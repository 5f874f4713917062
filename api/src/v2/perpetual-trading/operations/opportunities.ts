import type { z } from "zod";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { loadMarkets, type Market } from "../domain/markets.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { OpportunitiesQuery, OpportunitiesResponse, type Opportunity } from "../schemas.ts";

export const opportunities = defineOperation({
  method: "GET",
  path: "/v2/perpetual_trading/opportunities",
  summary: "Perpetual markets on stocks, commodities and forex",
  description:
    "Every listed market with mark and oracle price, open interest and 24 h volume in USD, hourly funding, maximum leverage and size decimals. Sorted by open interest, largest first, unless `sort_by`/`sort_order` say otherwise.",
  query: OpportunitiesQuery,
  response: OpportunitiesResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { short: { category: "c" } },
  widget: true,
  async handler({ query }, ctx: PerpetualTradingContext) {
    const rows = (await loadMarkets(ctx.services.venue, ctx.signal)).map(toOpportunity);
    const direction = query.sort_order === "asc" ? 1 : -1;
    return {
      opportunities: rows
        .filter((o) => !query.category || o.category === query.category)
        .filter(
          (o) => query.min_open_interest === undefined || Number(o.open_interest) >= query.min_open_interest,
        )
        .filter((o) => query.min_volume_24h === undefined || Number(o.volume_24h) >= query.min_volume_24h)
        .sort((a, b) => direction * (Number(a[query.sort_by]) - Number(b[query.sort_by]))),
    };
  },
});

function toOpportunity(m: Market): z.input<typeof Opportunity> {
  const openInterestUsd = Number(m.ctx.openInterest) * Number(m.ctx.markPx);
  return {
    asset: m.ticker,
    asset_id: m.assetId,
    category: m.category,
    mark_price: m.ctx.markPx,
    oracle_price: m.ctx.oraclePx,
    open_interest: openInterestUsd.toFixed(2),
    volume_24h: m.ctx.dayNtlVlm,
    funding_rate: m.ctx.funding,
    max_leverage: m.maxLeverage,
    sz_decimals: m.szDecimals,
  };
}
