import { type Day, parseIsoDate } from "../../calendar/days.ts";

/**
 * The sandbox fund's NAV per share: 1.00000000 at inception, accruing simple interest at a fixed yield
 * per calendar day, struck on business days. A pure function of the date, so every NAV the fund ever
 * struck can be recomputed (history, APYs) and a devnet reset reproduces the same series.
 */
export const NAV_DECIMALS = 8;
export const INCEPTION = "2025-01-02";
export const NAV_YIELD_BPS = 420;

const ONE = 10n ** BigInt(NAV_DECIMALS);
const DAY_MS = 86_400_000;

function daysSince(date: Day, from: Day): number {
  return Math.round(
    (Date.UTC(date.year, date.month - 1, date.day) - Date.UTC(from.year, from.month - 1, from.day)) / DAY_MS,
  );
}

/** NAV per share struck on `date`, raw with NAV_DECIMALS decimals. */
export function navOn(date: Day): bigint {
  const days = BigInt(Math.max(0, daysSince(date, parseIsoDate(INCEPTION))));
  return ONE + (ONE * BigInt(NAV_YIELD_BPS) * days) / (10_000n * 365n);
}

export function formatNav(raw: bigint): string {
  const s = raw.toString().padStart(NAV_DECIMALS + 1, "0");
  return `${s.slice(0, -NAV_DECIMALS)}.${s.slice(-NAV_DECIMALS)}`;
}

/** Shares (6 decimals) that `usdc` (6 decimals) buys at `nav`; rounded down, as transfer agents do. */
export function sharesFor(usdc: bigint, nav: bigint): bigint {
  return (usdc * ONE) / nav;
}

/** USDC (6 decimals) that redeeming `shares` (6 decimals) pays at `nav`; rounded down. */
export function usdcFor(shares: bigint, nav: bigint): bigint {
  return (shares * nav) / ONE;
}
