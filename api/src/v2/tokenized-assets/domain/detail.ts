import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { DomainError } from "../../../kernel/errors.ts";
import { formatDecimal, parseDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  candleQuery,
  type Interval,
  modelCandles,
  modelHistory24h,
  modelRange52w,
  type Range,
} from "./candles.ts";
import { equityDetail } from "./equity/markets.ts";
import { fundMarketItem, venueMarketItem } from "./market-item.ts";
import { venueSnapshot } from "./markets.ts";
import { holderCount } from "./onchain-stats.ts";
import type { TokenizedAssetsContext } from "./ports.ts";
import { assetsOn, catalogEntry, type KnownToken } from "./tokens.ts";

const ALL_SESSIONS = ["regular", "premarket", "postmarket", "overnight", "offhours"];

/** The listed asset `symbol` on `chain`, or a 404 naming where it does trade. */
export function listedOn(ctx: TokenizedAssetsContext, symbol: string, chain: ChainName): KnownToken {
  const token = assetsOn(ctx.config, chain).find((t) => t.symbol.toLowerCase() === symbol.toLowerCase());
  if (token) return token;
  const listed = catalogEntry(symbol);
  const where = listed?.chains.filter((c) => assetsOn(ctx.config, c).some((t) => t.symbol === listed.symbol));
  if (!listed || !where?.length)
    throw new DomainError(404, "Unknown token symbol", `No listed asset '${symbol}'`);
  throw new DomainError(
    404,
    "Not on this chain",
    `${listed.symbol} is not on ${chain} (it trades on ${where.join(", ")})`,
  );
}

/** MarketDetail (spec §3.2): the list item plus history, 52-week range, volumes, holders and candles. */
export async function marketDetail(
  ctx: TokenizedAssetsContext,
  symbol: string,
  chain: ChainName,
  interval?: Interval,
  range?: Range,
) {
  const client = ctx.services.chains.get(chain);
  const token = listedOn(ctx, symbol, chain);
  const asset = token.asset!;
  const candles = candleQuery(interval, range);
  if (asset.flow === "primary") return fundDetail(ctx, chain, token);
  if (asset.flow === "intent") return equityDetail(ctx, chain, token, candles);
  const snapshot = await venueSnapshot(ctx, chain, (t) => t.address === token.address);
  const market = snapshot?.markets[0];
  if (!snapshot || !market)
    throw new DomainError(404, "Not on this chain", `${asset.symbol} is not listed on ${chain}`);
  // issued and redeemed by their issuers' vaults at NAV: no exchange volume to report
  const volume = { volume_24h: null, average_volume: null };
  const holders = await holderCount(ctx.services.chains.logs, client, token.address).catch((error) =>
    rethrowRpc(chain, error),
  );
  const range52 = modelRange52w(market.params, snapshot.now);
  const supply = formatDecimal(market.supply, token.decimals, token.decimals);
  return {
    ...venueMarketItem(chain, market, snapshot.now),
    price_history_24h: modelHistory24h(market.params, snapshot.now),
    price_high_52w: range52.high,
    price_low_52w: range52.low,
    ...volume,
    shares_outstanding: supply,
    market_cap: formatDecimal((market.supply * market.price) / 10n ** BigInt(token.decimals), 18, 2),
    total_holders: holders,
    tradable_sessions: asset.hours === "us_equity" ? ["regular"] : ALL_SESSIONS,
    shares_multiplier: "1",
    candles:
      candles && asset.candles
        ? modelCandles(market.params, snapshot.now, candles.interval, candles.range)
        : null,
  };
}

async function fundDetail(ctx: TokenizedAssetsContext, chain: ChainName, token: KnownToken) {
  const client = ctx.services.chains.get(chain);
  const [fund, history, holders] = await Promise.all([
    ctx.services.issuer.fund(token.symbol),
    ctx.services.issuer.navHistory(token.symbol, 370),
    holderCount(ctx.services.chains.logs, client, token.address).catch((error) => rethrowRpc(chain, error)),
  ]);
  const item = fundMarketItem(chain, token, fund, history);
  const navs = history.map((p) => parseDecimal(p.per_share, 18));
  const at = (t: number) =>
    [...history].reverse().find((p) => p.struck_at <= t)?.per_share ?? fund.nav.per_share;
  const now = Math.max(fund.nav.struck_at, Math.floor(Date.now() / 1000));
  const max = navs.reduce((a, b) => (b > a ? b : a), navs[0] ?? 0n);
  const min = navs.reduce((a, b) => (b < a ? b : a), navs[0] ?? 0n);
  const supply = parseDecimal(fund.shares_outstanding, 18);
  return {
    ...item,
    price_history_24h: Array.from({ length: 25 }, (_, i) => {
      const t = now - (24 - i) * 3_600;
      return { timestamp: new Date(t * 1000).toISOString(), price: at(t) };
    }),
    price_high_52w: navs.length ? formatDecimal(max, 18, 8) : null,
    price_low_52w: navs.length ? formatDecimal(min, 18, 8) : null,
    volume_24h: null,
    average_volume: null,
    shares_outstanding: fund.shares_outstanding,
    market_cap: formatDecimal((supply * parseDecimal(fund.nav.per_share, 18)) / 10n ** 18n, 18, 2),
    total_holders: holders,
    tradable_sessions: ALL_SESSIONS,
    shares_multiplier: "1",
    candles: null,
  };
}
