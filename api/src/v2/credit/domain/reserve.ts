import type { Address } from "viem";
import { rayRateToApyPercent } from "../../../protocols/aave/index.ts";

/**
 * A token of a credit venue as the planners and the positions see it — an Aave v3 reserve with the account's
 * balances in it, or a Morpho Blue market's collateral or loan token shaped alike: amounts raw, rates ray, the
 * price USD with 8 decimals. Aave's own account reserve carries more; this is what credit reads of either.
 */
export interface CreditReserve {
  asset: Address;
  symbol: string;
  decimals: number;
  aToken: Address;
  supplied: bigint;
  variableDebt: bigint;
  stableDebt: bigint;
  usedAsCollateral: boolean;
  ltvBps: bigint;
  thresholdBps: bigint;
  borrowingEnabled: boolean;
  active: boolean;
  frozen: boolean;
  paused: boolean;
  /** the reserve's cash: what can be borrowed or withdrawn now */
  cash: bigint;
  liquidityRate: bigint;
  variableBorrowRate: bigint;
  priceUsd8: bigint;
}

/** Percent with two decimals from basis points ("77.00"). */
export const bpsPercent = (bps: bigint) => cents(bps);
/** USD from the oracle's 8 decimals, to the cent, rounded down ("1234.50"). */
export const usd8 = (value: bigint) => cents(value / 10n ** 6n);
/** A count of hundredths as a decimal with exactly two places. */
function cents(hundredths: bigint): string {
  const sign = hundredths < 0n ? "-" : "";
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}
export const apy = (ray: bigint) => rayRateToApyPercent(ray).toFixed(4);
