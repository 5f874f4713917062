import type { Format } from "../kit/i18n.ts";

/**
 * Display formatting in the widget's locale (never used for amounts sent to the API, which stay decimal
 * strings). Each takes the `format` of `useI18n()`.
 */
const missing = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === "" || Number.isNaN(Number(value));

export const formatUsd = (f: Format, value: number | string | null | undefined): string =>
  missing(value) ? "—" : f.currency(Number(value), "USD");

export const formatCompactUsd = (f: Format, value: number | string): string =>
  f.currency(Number(value), "USD", { notation: "compact", maximumFractionDigits: 1 });

/** Prices keep the venue's precision (5 significant figures) without trailing noise. */
export function formatPrice(f: Format, value: number | string | null | undefined): string {
  if (missing(value)) return "—";
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return "—";
  return f.number(Number(n.toPrecision(5)), { maximumFractionDigits: 8 });
}

/** Hourly funding as a signed percentage with four decimals. */
export const formatFunding = (f: Format, rate: string | number): string =>
  f.percent(Number(rate), { minimumFractionDigits: 4, maximumFractionDigits: 4, signDisplay: "always" });

/** "+$3.85", "−$0.42" (a true minus sign). */
export const formatSigned = (f: Format, value: number): string =>
  `${value >= 0 ? "+" : "−"}${formatUsd(f, Math.abs(value))}`;

/**
 * A figure inside a sentence, kept left to right when the sentence runs right to left (Unicode isolates around
 * it, so "+0.0012%" keeps its sign in front); in a left-to-right sentence it is left as it is.
 */
export const ltr = (dir: "ltr" | "rtl", text: string): string =>
  dir === "rtl" ? `\u2066${text}\u2069` : text;

export const formatCountdown = (ms: number): string => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};
