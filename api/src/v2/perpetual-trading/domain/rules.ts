import { formatPrice } from "@nktkas/hyperliquid/utils";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { decimalPlaces, parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import type { Market } from "./markets.ts";

/**
 * The venue's order rules for perps, checked before anything is built so the API never hands out an
 * order the venue is certain to refuse: sizes are multiples of 10^-szDecimals; prices have at most 5
 * significant figures and 6 − szDecimals decimals (integers always pass); every order is worth ≥ $10.
 */
export const MIN_ORDER_USD = 10;

export const sizeStep = (m: Market): string =>
  m.szDecimals === 0 ? "1" : `0.${"0".repeat(m.szDecimals - 1)}1`;

export function checkSize(m: Market, size: string, loc: Loc): void {
  if (decimalPlaces(size) > m.szDecimals)
    throw fieldError(
      loc,
      `Size must be a multiple of ${sizeStep(m)} (${m.ticker} trades in steps of ${sizeStep(m)})`,
    );
}

export function checkPrice(m: Market, price: string, loc: Loc): void {
  const maxDecimals = 6 - m.szDecimals;
  const places = decimalPlaces(price);
  if (places === 0) return;
  if (places > maxDecimals)
    throw fieldError(loc, `Price must have at most ${maxDecimals} decimals for ${m.ticker}`);
  const significant = price.replace(/0+$/, "").replace(".", "").replace(/^0+/, "").length;
  if (significant > 5)
    throw fieldError(loc, "Price must have at most 5 significant figures (integer prices are always valid)");
}

/** Order value must reach $10 at the order's own price (as the venue checks it). */
export function checkMinimum(price: string, size: string, loc: Loc): void {
  const value = (parseUnitsExact(price, 12)! * parseUnitsExact(size, 12)!) / 10n ** 12n;
  if (value < BigInt(MIN_ORDER_USD) * 10n ** 12n) {
    const usd = (Number(value) / 1e12).toFixed(2);
    throw fieldError(loc, `Order value must be at least $${MIN_ORDER_USD} (size × price is $${usd})`);
  }
}

/**
 * The IOC limit of a market order: mark ± slippage, cut to a valid price toward the mark, so the order
 * never pays more than the band allows.
 */
export function marketLimitPrice(m: Market, isBuy: boolean, slippagePercent: number, loc: Loc): string {
  const mark = Number(m.ctx.markPx);
  const raw = mark * (isBuy ? 1 + slippagePercent / 100 : 1 - slippagePercent / 100);
  try {
    return formatPrice(raw.toFixed(12), m.szDecimals, "perp");
  } catch {
    throw fieldError(
      loc,
      `A ${slippagePercent}% band leaves no valid sell price below the mark of ${m.ctx.markPx}`,
    );
  }
}
