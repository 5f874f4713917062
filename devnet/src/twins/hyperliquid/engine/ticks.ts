import { formatScaled, normalizeDecimal, significantFigures, toScaled } from "./decimal.ts";
import type { Market } from "./dexes.ts";

/**
 * The venue's tick and lot rules for perps: sizes are multiples of 10^-szDecimals; prices have at
 * most 5 significant figures and at most 6 − szDecimals decimals, except that integer prices are
 * always valid. Prices are handled as integers in units of 10^-(6 − szDecimals) ("px units"), sizes
 * in units of 10^-szDecimals ("lots"), so px units × lots is the notional in micro-USDC exactly.
 */

export const pxScale = (m: Market): number => 10 ** m.pxDecimals;
export const szScale = (m: Market): number => 10 ** m.szDecimals;

export type PriceCheck = { ok: true; pxU: number } | { ok: false; reason: "tick" | "invalid" };

export function parsePrice(m: Market, text: string): PriceCheck {
  const normal = normalizeDecimal(text);
  if (normal === undefined) return { ok: false, reason: "invalid" };
  const pxU = toScaled(normal, m.pxDecimals);
  if (pxU === undefined) return { ok: false, reason: "tick" };
  if (pxU <= 0) return { ok: false, reason: "invalid" };
  if (normal.includes(".") && significantFigures(normal) > 5) return { ok: false, reason: "tick" };
  return { ok: true, pxU };
}

/** Lots, or undefined when the size needs more than szDecimals decimals. */
export function parseSize(m: Market, text: string): number | undefined {
  return toScaled(text, m.szDecimals);
}

/** Smallest valid price step (in px units) around a price: 5 significant figures, never finer than 1 px unit, never coarser than 1 USD. */
export function tickAt(m: Market, pxU: number): number {
  const px = pxU / pxScale(m);
  const sigStep = 10 ** (Math.floor(Math.log10(Math.max(px, 1e-12))) - 4);
  const step = Math.min(1, Math.max(sigStep, 1 / pxScale(m)));
  return Math.max(1, Math.round(step * pxScale(m)));
}

/** The nearest valid price at or below (`down`) or at or above a float price, in px units. */
export function roundPrice(m: Market, px: number, direction: "down" | "up"): number {
  const raw = px * pxScale(m);
  const tick = tickAt(m, Math.max(1, raw));
  const units =
    direction === "down" ? Math.floor(raw / tick + 1e-9) * tick : Math.ceil(raw / tick - 1e-9) * tick;
  return Math.max(tick, units);
}

export const formatPx = (m: Market, pxU: number): string => formatScaled(pxU, m.pxDecimals);
export const formatSz = (m: Market, lots: number): string => formatScaled(lots, m.szDecimals);

/** Wire spelling of a valid price (what a client would send), e.g. for l2Book levels. */
export function wirePx(m: Market, pxU: number): string {
  return normalizeDecimal(formatPx(m, pxU)) ?? "0";
}

/** A float price (oracle, mark, averages) shown the way the venue shows them: 5 significant figures. */
export function displayPx(m: Market, px: number): string {
  if (!(px > 0)) return "0.0";
  const decimals = Math.min(m.pxDecimals, Math.max(0, 4 - Math.floor(Math.log10(px))));
  return formatScaled(Math.round(px * 10 ** decimals), decimals);
}
