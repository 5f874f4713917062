/** Display formatting (never used for amounts sent to the API, which stay decimal strings). */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

export const formatUsd = (value: number | string | null | undefined): string =>
  value === null || value === undefined || Number.isNaN(Number(value)) ? "—" : usd.format(Number(value));

export const formatCompactUsd = (value: number | string): string => `$${compact.format(Number(value))}`;

/** Prices keep the venue's precision (5 significant figures) without trailing noise. */
export function formatPrice(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return "—";
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) return "—";
  return Number(n.toPrecision(5)).toLocaleString("en-US", { maximumFractionDigits: 8 });
}

/** Hourly funding as a signed percentage. */
export const formatFunding = (rate: string | number): string => {
  const pct = Number(rate) * 100;
  return `${pct >= 0 ? "+" : ""}${pct.toFixed(4)}%`;
};

export const formatSigned = (value: number): string =>
  `${value >= 0 ? "+" : "−"}${formatUsd(Math.abs(value))}`;

export const formatCountdown = (ms: number): string => {
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};
