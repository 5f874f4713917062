import type { Format } from "../kit/i18n.ts";

/** Amount arithmetic on decimal strings (exact, no floats), and the on-ramp's amounts shown through `Intl`. */

/** A fiat amount as typed: digits with at most two decimals, above zero. */
export function isFiatAmount(value: string): boolean {
  return /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/.test(value) && !/^0(\.0*)?$/.test(value);
}

function cents(v: string): bigint {
  const [whole = "0", fraction = ""] = v.split(".");
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2));
}

/** Sum of fiat amounts with two decimals: "100.00" + "2.50" + "0.34" → "102.84". */
export function addFiat(...values: string[]): string {
  const total = values.reduce((sum, v) => sum + cents(v), 0n);
  return `${total / 100n}.${(total % 100n).toString().padStart(2, "0")}`;
}

/** The order of two fiat amounts (at most two decimals): negative, zero or positive; an empty amount is 0. */
export const compareFiat = (a: string, b: string): number => {
  const d = cents(a || "0") - cents(b || "0");
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};

/**
 * A fiat amount with its currency in the locale's way: `"1000.5", "USD"` → "$1,000.50" (en), "1.000,50 $" (de);
 * `whole` drops the decimals of a round amount ("$50" on a preset). A code `Intl` cannot read is written after the
 * number.
 */
export function formatFiat(format: Format, value: string, currency: string, whole = false): string {
  const options: Intl.NumberFormatOptions = whole ? { trailingZeroDisplay: "stripIfInteger" } : {};
  if (/^[A-Z]{3}$/.test(currency)) return format.currency(value, currency, options);
  return `${format.number(value, { minimumFractionDigits: whole ? 0 : 2 })} ${currency}`;
}

/** A USDC (or exchange-rate) amount: every decimal the API gave, digits grouped in the locale's way. */
export const formatToken = (format: Format, value: string): string =>
  format.number(value, { maximumFractionDigits: 18 });
