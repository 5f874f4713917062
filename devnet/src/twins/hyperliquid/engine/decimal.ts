/**
 * Exact decimal handling for wire strings. The venue keeps prices, sizes and USDC as fixed-point
 * integers (prices have at most 6 − szDecimals decimals, sizes szDecimals, USDC 6), so every
 * notional px × sz is an exact number of micro-dollars. We mirror that: amounts are JS integers in
 * those units and are only turned into strings at the edge, never accumulated as floats.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** The venue's canonical spelling: no leading zeros, no trailing fractional zeros, no bare ".". */
export function normalizeDecimal(text: string): string | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const int = match[1].replace(/^0+(?=\d)/, "");
  const frac = (match[2] ?? "").replace(/0+$/, "");
  return frac ? `${int}.${frac}` : int;
}

/** "12.5" with 3 decimals → 12500; undefined when the text needs more decimals than allowed. */
export function toScaled(text: string, decimals: number): number | undefined {
  const normal = normalizeDecimal(text);
  if (normal === undefined) return undefined;
  const [int, frac = ""] = normal.split(".");
  if (frac.length > decimals) return undefined;
  const value = Number(int + frac.padEnd(decimals, "0"));
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Number of significant figures of a normalized positive decimal ("0.0123" → 3, "120" → 3). */
export function significantFigures(text: string): number {
  const digits = text.replace(".", "").replace(/^0+/, "");
  return text.includes(".") ? digits.length : digits.replace(/0+$/, "").length || 1;
}

/** Venue display style: trailing zeros trimmed but always one decimal ("25956.0", "0.0123"). */
export function formatScaled(units: number, decimals: number): string {
  const negative = units < 0;
  const digits = Math.abs(Math.round(units))
    .toString()
    .padStart(decimals + 1, "0");
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals).replace(/0+$/, "");
  const body = `${int}.${frac || "0"}`;
  return negative && body !== "0.0" ? `-${body}` : body;
}

/** A float (rates, averages, marks) in venue display style with at most `decimals` decimals. */
export function formatFloat(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return "0.0";
  return formatScaled(Math.round(value * 10 ** decimals), decimals);
}

/** USDC micro-dollars ↔ strings: the venue's USDC precision is 6 decimals. */
export const MICRO = 1_000_000;
export const formatUsd = (micro: number): string => formatScaled(micro, 6);
export const parseUsd = (text: string): number | undefined => toScaled(text, 6);
