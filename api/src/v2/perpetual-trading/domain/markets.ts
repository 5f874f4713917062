import type { z } from "zod";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import type { OpportunitiesQuery, Opportunity } from "../schemas.ts";
import type { AssetCtx, Meta, PerpDexs } from "../venue/wire.ts";
import { type Category, categoryOf } from "./categories.ts";
import type { PerpetualTradingContext, Venue } from "./ports.ts";

/** The builder-deployed dex that lists traditional assets; every market here carries its prefix. */
export const DEX = "xyz";

export interface Market {
  /** bare ticker, e.g. "AAPL" */
  ticker: string;
  /** the venue's coin name, e.g. "xyz:AAPL" */
  coin: string;
  /** `a` in orders: 100000 + 10000 × dex index + index in the dex's universe */
  assetId: number;
  szDecimals: number;
  maxLeverage: number;
  category: Category;
  ctx: AssetCtx;
}

const dexIndexByUrl = new Map<string, number>();

/** The dex's index never changes once deployed, so it is asked for once per venue. */
async function dexIndex(venue: Venue, signal?: AbortSignal): Promise<number> {
  const known = dexIndexByUrl.get(venue.url);
  if (known !== undefined) return known;
  const dexes = await venue.info<PerpDexs>({ type: "perpDexs" }, signal);
  const index = dexes.findIndex((d) => d?.name === DEX);
  if (index < 0) throw new Error(`the venue lists no "${DEX}" dex`);
  dexIndexByUrl.set(venue.url, index);
  return index;
}

/** Every market of the dex with its live context (mark, oracle, funding, open interest, volume). */
export async function loadMarkets(venue: Venue, signal?: AbortSignal): Promise<Market[]> {
  const [index, [meta, ctxs]] = await Promise.all([
    dexIndex(venue, signal),
    venue.info<[Meta, AssetCtx[]]>({ type: "metaAndAssetCtxs", dex: DEX }, signal),
  ]);
  return meta.universe.flatMap((u, i) =>
    u.isDelisted || !ctxs[i]
      ? []
      : [
          {
            ticker: stripDex(u.name),
            coin: u.name,
            assetId: 100_000 + 10_000 * index + i,
            szDecimals: u.szDecimals,
            maxLeverage: u.maxLeverage,
            category: categoryOf(stripDex(u.name)),
            ctx: ctxs[i]!,
          },
        ],
  );
}

export const stripDex = (coin: string): string => coin.replace(/^[a-z0-9]+:/i, "");

/** `AAPL`, `aapl` or `xyz:AAPL` → the venue's coin name. */
export const coinOf = (asset: string): string => `${DEX}:${stripDex(asset.trim()).toUpperCase()}`;

/** The market for a request's `asset`, or a 422 naming the field. */
export function findMarket(markets: Market[], asset: string, loc: Loc): Market {
  const coin = coinOf(asset);
  const market = markets.find((m) => m.coin === coin);
  if (!market) {
    const listed = markets.map((m) => m.ticker).join(", ");
    throw fieldError(loc, `Unknown asset '${asset}'; listed: ${listed}`);
  }
  return market;
}

/**
 * GET /v2/perpetual_trading/opportunities: every listed market as an opportunity (open interest in USD), filtered by
 * category and minimums, sorted by `sort_by` (open interest, largest first, by default).
 */
export async function listOpportunities(
  ctx: PerpetualTradingContext,
  query: z.output<typeof OpportunitiesQuery>,
) {
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
}

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
