import type { AssetInfo } from "@compass/constants";
import { formatDecimal, parseDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import type { IssuerFund, IssuerNavPoint } from "./issuer-port.ts";
import { growth, referencePrice } from "./price-model.ts";
import { type TradingStatus, tradingStatus } from "./status.ts";
import type { KnownToken } from "./tokens.ts";
import type { VenueMarket } from "./venue.ts";

/** `Market` (spec tokenized-assets §3.1), the list item. */
export interface MarketItem {
  symbol: string;
  underlying_ticker: string;
  name: string;
  contract_address: string;
  decimals: number;
  current_price_usd: string;
  change_24h_usd: string | null;
  change_24h_pct: string | null;
  sectors: string[];
  region_exposure: string[];
  provider: AssetInfo["provider"];
  asset_class: AssetInfo["asset_class"];
  chain: ChainName;
  apy_7d: string | null;
  apy_30d: string | null;
  tvl_usd: string | null;
  status: TradingStatus | null;
  restricted_jurisdictions: string[];
}

const E18 = 10n ** 18n;
const DAY = 86_400;
/** Classes whose price is a NAV accruing a yield: their APY is the accrual, not the price noise. */
const YIELDING = new Set(["T_BILLS", "BASIS_TRADE", "BTC_YIELD", "MONEY_MARKET", "MANAGED_VAULT"]);

/** (later / earlier − 1) annualised over `seconds`, as a fraction with 6 decimals. */
function annualised(later: bigint, earlier: bigint, seconds: number): string {
  const fraction = ((later - earlier) * E18 * BigInt(365 * DAY)) / (earlier * BigInt(seconds));
  return formatDecimal(fraction, 18, 6);
}

function base(asset: AssetInfo, token: KnownToken, chain: ChainName) {
  return {
    symbol: asset.symbol,
    underlying_ticker: asset.underlying_ticker,
    name: asset.name,
    contract_address: token.address,
    decimals: token.decimals,
    sectors: asset.sectors,
    region_exposure: asset.region_exposure,
    provider: asset.provider,
    asset_class: asset.asset_class,
    chain,
    restricted_jurisdictions: asset.restricted_jurisdictions,
  };
}

function change(now: bigint, before: bigint) {
  const diff = now - before;
  return {
    change_24h_usd: formatDecimal(diff, 18, 8),
    change_24h_pct: before === 0n ? null : formatDecimal((diff * 100n * E18) / before, 18, 4),
  };
}

/** A venue-traded asset: prices from the venue's reference-price function at chain time. */
export function venueMarketItem(chain: ChainName, m: VenueMarket, now: number): MarketItem {
  const asset = m.token.asset!;
  const dt = (t: number) => BigInt(Math.max(0, t - m.params.t0));
  const apy = (days: number) =>
    YIELDING.has(asset.asset_class)
      ? annualised(
          growth(m.params.apyBps, dt(now)),
          growth(m.params.apyBps, dt(now - days * DAY)),
          days * DAY,
        )
      : null;
  return {
    ...base(asset, m.token, chain),
    current_price_usd: formatDecimal(m.price, 18, 8),
    ...change(m.price, referencePrice(m.params, now - DAY)),
    apy_7d: apy(7),
    apy_30d: apy(30),
    tvl_usd: formatDecimal((m.supply * m.price) / 10n ** BigInt(m.token.decimals), 18, 2),
    status: tradingStatus(asset.hours, m.paused, now),
  };
}

/** The latest strike at least `seconds` before `point`. */
function strikeBefore(history: IssuerNavPoint[], point: IssuerNavPoint, seconds: number) {
  return [...history].reverse().find((p) => p.struck_at <= point.struck_at - seconds);
}

/** The sandbox money-market fund: NAV, history and supply from its issuer. */
export function fundMarketItem(
  chain: ChainName,
  token: KnownToken,
  fund: IssuerFund,
  history: IssuerNavPoint[],
): MarketItem {
  const asset = token.asset!;
  const nav = parseDecimal(fund.nav.per_share, 18);
  const latest: IssuerNavPoint = { ...fund.nav };
  const apy = (days: number) => {
    const then = strikeBefore(history, latest, days * DAY);
    return then ? annualised(nav, parseDecimal(then.per_share, 18), latest.struck_at - then.struck_at) : null;
  };
  const previous = strikeBefore(history, latest, DAY / 2);
  const supply = parseDecimal(fund.shares_outstanding, 18);
  return {
    ...base(asset, token, chain),
    current_price_usd: fund.nav.per_share,
    ...(previous
      ? change(nav, parseDecimal(previous.per_share, 18))
      : { change_24h_usd: null, change_24h_pct: null }),
    apy_7d: apy(7),
    apy_30d: apy(30),
    tvl_usd: formatDecimal((supply * nav) / E18, 18, 2),
    status: tradingStatus("always", fund.subscriptions_paused, latest.struck_at),
  };
}
