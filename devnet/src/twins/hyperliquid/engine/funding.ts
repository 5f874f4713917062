import type { Core } from "./core.ts";
import { formatFloat, formatUsd } from "./decimal.ts";
import { impactPx } from "./depth.ts";
import { type Market, marketByCoin } from "./dexes.ts";
import { slot } from "./state.ts";
import { formatSz } from "./ticks.ts";

/**
 * Hourly funding, the venue's formula: premium P = (max(impact bid − oracle, 0) −
 * max(oracle − impact ask, 0)) / oracle; the 8-hour rate is P + clamp(0.01 % − P, ±0.05 %), paid
 * hourly at 1/8 of it and capped at 4 %/h. Each hour every position pays (longs, when positive)
 * size × oracle price × rate. With a balanced maker the premium is 0 and the rate is the
 * 0.00125 %/h interest component, as on the live venue; maker inventory skews it.
 */
export const FUNDING_INTERVAL_MS = 3_600_000;
const INTEREST_8H = 0.0001;
const CLAMP_8H = 0.0005;
const CAP_HOURLY = 0.04;
const IMPACT_NOTIONAL_USD = 6_000;
const ZERO_HASH: `0x${string}` = `0x${"0".repeat(64)}`;
/** funding rows kept per user */
const RETENTION = 5_000;

export function premium(core: Core, m: Market): number | null {
  const oracle = core.oraclePx(m);
  const bid = impactPx(core, m, true, IMPACT_NOTIONAL_USD);
  const ask = impactPx(core, m, false, IMPACT_NOTIONAL_USD);
  if (bid === undefined || ask === undefined) return null;
  return (Math.max(bid - oracle, 0) - Math.max(oracle - ask, 0)) / oracle;
}

export function fundingRate(core: Core, m: Market): number {
  const p = premium(core, m) ?? 0;
  const hourly = (p + Math.max(-CLAMP_8H, Math.min(CLAMP_8H, INTEREST_8H - p))) / 8;
  return Math.max(-CAP_HOURLY, Math.min(CAP_HOURLY, hourly));
}

export const formatRate = (rate: number): string => formatFloat(rate, 10);

/** Settled rates kept per coin for fundingHistory (the venue serves 500 per request). */
const RATE_RETENTION = 5_000;

function recordRate(core: Core, coin: string, rate: number, premium: number): void {
  const rows = slot(core.state.fundingRates, coin, () => []);
  rows.push([core.now, formatRate(rate), formatFloat(premium, 10)]);
  if (rows.length > RATE_RETENTION) rows.splice(0, rows.length - RATE_RETENTION);
}

/**
 * The rate of an hour nobody held the coin: nothing skews the maker, so the premium is 0 and the
 * rate is the interest component alone.
 */
export function restingRate(): number {
  return Math.max(-CLAMP_8H, Math.min(CLAMP_8H, INTEREST_8H)) / 8;
}

/** Settles funding for every open position at `core.now` (an hour boundary). */
export function settleFunding(core: Core): void {
  const rates = new Map<string, number>();
  for (const [user, account] of Object.entries(core.state.accounts)) {
    for (const [coin, position] of Object.entries(account.positions)) {
      const m = marketByCoin(coin);
      if (!m) continue;
      let rate = rates.get(coin);
      if (rate === undefined) {
        rate = fundingRate(core, m);
        rates.set(coin, rate);
        recordRate(core, coin, rate, premium(core, m) ?? 0);
      }
      const size = position.lots / 10 ** m.szDecimals;
      const paid = Math.round(size * core.oraclePx(m) * rate * 1e6);
      // an isolated position pays from (and is paid into) its own collateral
      if (position.isoMargin !== undefined) position.isoMargin -= paid;
      else account.balance -= paid;
      position.fundingSinceOpen += paid;
      position.fundingSinceChange += paid;
      account.fundingAllTime[coin] = (account.fundingAllTime[coin] ?? 0) + paid;
      const rows = slot(core.state.funding, user, () => []);
      rows.push({
        time: core.now,
        hash: ZERO_HASH,
        delta: {
          type: "funding",
          coin,
          usdc: formatUsd(-paid),
          szi: formatSz(m, position.lots),
          fundingRate: formatRate(rate),
          nSamples: null,
        },
      });
      if (rows.length > RETENTION) rows.splice(0, rows.length - RETENTION);
    }
  }
}
