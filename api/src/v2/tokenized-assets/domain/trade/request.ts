import type { Address } from "viem";
import { DomainError } from "../../../../kernel/errors.ts";
import { parseUnitsExact } from "../../../../kernel/lib/decimal.ts";

export type Side = "buy" | "sell";

/** Default slippage tolerance, percent. */
export const DEFAULT_SLIPPAGE = "0.5";
/** Percent values are carried as integers with this many decimals (1e6 = 1 %). */
const PCT_DECIMALS = 6;
const HUNDRED = 100n * 10n ** BigInt(PCT_DECIMALS);

const invalid = (field: string, message: string) =>
  new DomainError(422, "Validation error", `${field}: ${message}`);

/** Slippage in percent (0 < s ≤ 50) as a fraction of HUNDRED. */
export function parseSlippage(text: string | undefined): bigint {
  const value = parseUnitsExact(text ?? DEFAULT_SLIPPAGE, PCT_DECIMALS);
  if (value === null) throw invalid("slippage", "must be a percentage with at most 6 decimals, e.g. 0.5");
  if (value <= 0n || value > 50n * 10n ** BigInt(PCT_DECIMALS))
    throw invalid("slippage", "must be greater than 0 and at most 50 (percent)");
  return value;
}

/** The least `expected` may become within `slippage`. */
export function minimumOut(expected: bigint, slippage: bigint): bigint {
  return (expected * (HUNDRED - slippage)) / HUNDRED;
}

export interface FeeRequest {
  recipient: Address;
  amount: string;
  denomination?: "PERCENTAGE" | "FIXED" | null;
}

/** A partner fee on sale proceeds (USDC raw): PERCENTAGE (default) of the proceeds, or a FIXED amount. */
export function feeAmount(fee: FeeRequest, proceeds: bigint): bigint {
  if ((fee.denomination ?? "PERCENTAGE") === "FIXED") {
    const raw = parseUnitsExact(fee.amount, 6);
    if (raw === null || raw === 0n)
      throw invalid("fee.amount", "a FIXED fee is a positive USDC amount (≤ 6 decimals)");
    return raw;
  }
  const pct = parseUnitsExact(fee.amount, PCT_DECIMALS);
  if (pct === null || pct === 0n || pct >= HUNDRED)
    throw invalid(
      "fee.amount",
      "a PERCENTAGE fee is a percent of the proceeds, greater than 0 and below 100",
    );
  return (proceeds * pct) / HUNDRED;
}
