import { fieldError, type Loc } from "../errors.ts";
import { parseUnitsExact } from "./decimal.ts";

/** A validated human amount in raw units; more decimals than the token has is a 422 on the field. */
export function toRawAmount(amount: string, decimals: number, loc: Loc, symbol: string): bigint {
  const raw = toRawAmountOrZero(amount, decimals, loc, symbol);
  if (raw === 0n) throw fieldError(loc, "Input should be greater than 0");
  return raw;
}

/** As toRawAmount, 0 allowed (one side of a liquidity range, a minimum of nothing). */
export function toRawAmountOrZero(amount: string, decimals: number, loc: Loc, symbol: string): bigint {
  const raw = parseUnitsExact(amount, decimals);
  if (raw === null) throw fieldError(loc, `${symbol} has ${decimals} decimals; ${amount} has more`);
  return raw;
}

/** JSON-safe integer for typed-data fields the spec gives as ints: a number when exact, else a string. */
export function jsonInt(value: bigint): number | string {
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}
