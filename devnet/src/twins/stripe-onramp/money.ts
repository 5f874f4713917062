/** Fiat in cents and USDC in micro-units, as bigint; the wire carries fixed-point decimal strings. */

export function parseCents(text: string): bigint | null {
  const m = /^(0|[1-9][0-9]{0,12})(?:\.([0-9]{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
}

export function formatCents(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}

export function formatMicros(micros: bigint): string {
  return `${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, "0")}`;
}

export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** Sum of fiat amounts ("100.00" + "2.50" + …) as a fiat amount. */
export function addFiat(...amounts: string[]): string {
  return formatCents(amounts.reduce((sum, a) => sum + parseCents(a)!, 0n));
}
