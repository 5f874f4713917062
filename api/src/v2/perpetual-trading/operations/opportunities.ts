import { z } from "zod";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { qNumber } from "../../../kernel/schemas/common.ts";
import { loadMarkets, type Market } from "../domain/markets.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";

const Category = z.enum(["stock", "commodity", "forex"]).meta({ id: "PerpetualTradingCategory" });

const Opportunity = z
  .object({
    asset: z.string().describe("ticker, e.g. AAPL"),
    asset_id: z.int().describe("venue asset index (`a` in actions)"),
    category: Category,
    mark_price: z.string(),
    oracle_price: z.string(),
    open_interest: z.string().describe("USD notional open (open contracts × mark)"),
    volume_24h: z.string().describe("USD traded over the last 24 h"),
    funding_rate: z.string().describe("hourly funding rate as the venue states it"),
    max_leverage: z.int(),
    sz_decimals: z.int().describe("decimals allowed in order sizes"),
  })
  .meta({ id: "PerpetualTradingOpportunity" });

const SORT_KEYS = ["open_interest", "volume_24h", "funding_rate"] as const;

export const opportunities = defineOperation({
  method: "GET",
  path: "/v2/perpetual_trading/opportunities",
  summary: "Perpetual markets on stocks, commodities and forex",
  description:
    "Every listed market with mark and oracle price, open interest and 24 h volume in USD, hourly funding, maximum leverage and size decimals. Sorted by open interest, largest first, unless `sort_by`/`sort_order` say otherwise.",
  query: z.object({
    min_open_interest: qNumber({ description: "USD floor on open interest" })
      .pipe(z.number().min(0))
      .optional(),
    min_volume_24h: qNumber({ description: "USD floor on 24 h volume" }).pipe(z.number().min(0)).optional(),
    category: Category.optional(),
    sort_by: z.enum(SORT_KEYS).default("open_interest"),
    sort_order: z.enum(["asc", "desc"]).default("desc"),
  }),
  response: z
    .object({ opportunities: z.array(Opportunity) })
    .meta({ id: "PerpetualTradingOpportunitiesResponse" }),
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
