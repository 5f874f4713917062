/** Display helpers; plain string arithmetic so server and browser render the same text. */

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

/** "1000.5" → "1,000.50" (digits grouped the same everywhere, so SSR and hydration agree). */
export function formatFiat(value: string): string {
  const [whole = "0", fraction = ""] = value.split(".");
  return groupDigits(`${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`);
}

/** Thousands grouped, decimals kept as they are: "1000100.5" → "1,000,100.5". */
export function groupDigits(value: string): string {
  const [whole = "0", fraction] = value.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}
