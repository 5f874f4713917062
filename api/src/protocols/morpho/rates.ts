import { WAD } from "./math.ts";

const YEAR = 365 * 86_400;

/** The rate model's borrow rate (per second, WAD) compounded over a year, as Morpho's own front end does (fraction). */
export const borrowApyOf = (ratePerSecond: bigint) => Math.expm1((Number(ratePerSecond) / 1e18) * YEAR);

/**
 * A market's APYs now (fractions): the borrow rate compounded over a year, and what suppliers earn of it —
 * borrow × utilisation × (1 − the market's fee) — with the utilisation (borrowed over supplied).
 */
export function marketApys(
  m: { totalSupplyAssets: bigint; totalBorrowAssets: bigint; fee: bigint },
  ratePerSecond: bigint,
) {
  const utilization =
    m.totalSupplyAssets === 0n ? 0 : Number((m.totalBorrowAssets * WAD) / m.totalSupplyAssets) / 1e18;
  const borrowApy = borrowApyOf(ratePerSecond);
  return { utilization, borrowApy, supplyApy: borrowApy * utilization * (1 - Number(m.fee) / 1e18) };
}
