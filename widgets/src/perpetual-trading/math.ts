/**
 * Pure trading arithmetic for the ticket's preview and the positions table. Numbers are plain floats:
 * these are estimates shown to a person; the API and the venue do the exact, binding checks.
 */

/** The venue's base-tier taker fee (4.5 bps); limit orders that rest pay the maker fee instead. */
export const TAKER_FEE = 0.00045;
export const MAKER_FEE = 0.00015;
export const MIN_ORDER_USD = 10;

/** Size step of a market: 10^-szDecimals. */
// 1 / 10^d, not 10^-d: 10 ** -4 is 0.00009999999999999999 in binary floating point
export const sizeStep = (szDecimals: number): number => 1 / 10 ** szDecimals;

/** Floors a size to the market's step and prints it with exactly szDecimals decimals. */
export function floorSize(size: number, szDecimals: number): string {
  if (!(size > 0)) return "0";
  const scaled = Math.floor(size * 10 ** szDecimals + 1e-9);
  return (scaled / 10 ** szDecimals).toFixed(szDecimals);
}

/** Contracts for a USD amount at `price`, floored to the step ("0" when it rounds to nothing). */
export const sizeFromUsd = (usd: number, price: number, szDecimals: number): string =>
  price > 0 ? floorSize(usd / price, szDecimals) : "0";

export const usdFromSize = (size: number, price: number): number => size * price;

/** Whether `size` is a whole number of steps. */
export function onStep(size: string, szDecimals: number): boolean {
  const decimals = (size.split(".")[1] ?? "").replace(/0+$/, "").length;
  return decimals <= szDecimals;
}

export const marginRequired = (size: number, price: number, leverage: number): number =>
  leverage > 0 ? (size * price) / leverage : Number.POSITIVE_INFINITY;

/** Fee estimate in USD: the venue's fee plus a builder fee rate (fraction, e.g. 0.0001 for 0.01 %). */
export const feeEstimate = (size: number, price: number, maker = false, builderRate = 0): number =>
  size * price * ((maker ? MAKER_FEE : TAKER_FEE) + builderRate);

/** "0.01%" → 0.0001 */
export function percentToRate(percent: string): number {
  const n = Number(percent.replace(/%$/, ""));
  return Number.isFinite(n) ? n / 100 : 0;
}

export const unrealizedPnl = (side: "long" | "short", size: number, entry: number, mark: number): number =>
  (side === "long" ? 1 : -1) * size * (mark - entry);

/** Return on the margin put up. */
export const roe = (pnl: number, size: number, entry: number, leverage: number): number =>
  size * entry > 0 ? (pnl * leverage) / (size * entry) : 0;

/** Maintenance margin rate at the venue: half the initial margin at maximum leverage. */
export const maintenanceRate = (maxLeverage: number): number => 1 / (2 * maxLeverage);

/**
 * Cross-margin liquidation price of a position when it is the account's only one: the price p at which
 * the account value meets the maintenance margin, with s the signed size:
 *   collateral + s·(p − entry) = |s|·p·mmr   ⇒   p = (s·entry − collateral) / (s − |s|·mmr)
 * Returns null when the account can never be liquidated (the collateral covers any move).
 */
export function liquidationPrice(
  side: "long" | "short",
  size: number,
  entry: number,
  collateral: number,
  maxLeverage: number,
): number | null {
  const s = side === "long" ? size : -size;
  const mmr = maintenanceRate(maxLeverage);
  const denominator = s - Math.abs(s) * mmr;
  if (denominator === 0 || size <= 0) return null;
  const price = (s * entry - collateral) / denominator;
  return price > 0 && Number.isFinite(price) ? price : null;
}

/** The limit a market order will carry: mark ± slippage (what the API builds). */
export const slippageLimit = (mark: number, isBuy: boolean, slippagePercent: number): number =>
  mark * (isBuy ? 1 + slippagePercent / 100 : 1 - slippagePercent / 100);

/** Milliseconds until the next hourly funding payment. */
export const msToFunding = (now: number): number => 3_600_000 - (now % 3_600_000);
