/** EVK's figures as numbers: its 16-bit AmountCap, and its per-second rate compounded over a year. */

const SECONDS_PER_YEAR = 365 * 86_400;

/** EVK AmountCap (mantissa × 10^exponent ÷ 100) → raw amount; null when uncapped (0). */
export function resolveAmountCap(cap: number): bigint | null {
  if (cap === 0) return null;
  return (10n ** BigInt(cap & 63) * BigInt(cap >> 6)) / 100n;
}

/**
 * A market's APYs (fractions): the per-second borrow rate (ray) compounded over a year, and what suppliers earn of
 * it — borrow × utilisation × (1 − interest fee, 1e-4).
 */
export function eulerApys(m: { rate: bigint; fee: number; borrows: bigint; total: bigint }) {
  const utilization = m.total === 0n ? 0 : Number(m.borrows) / Number(m.total);
  const borrowApy = (1 + Number(m.rate) / 1e27) ** SECONDS_PER_YEAR - 1;
  return { utilization, borrowApy, supplyApy: borrowApy * utilization * (1 - m.fee / 10_000) };
}
