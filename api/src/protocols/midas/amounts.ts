/** Midas counts every amount in base 18, whatever the token's decimals. */
export function toBase18(raw: bigint, decimals: number): bigint {
  return raw * 10n ** BigInt(18 - decimals);
}

/** A base-18 amount in the raw units of a token of `decimals` (truncated). */
export function fromBase18(amount18: bigint, decimals: number): bigint {
  return amount18 / 10n ** BigInt(18 - decimals);
}

/** What a redemption request of `amountMToken` pays in a token of `decimals` at `mTokenRate` (base 18 rates). */
export function requestProceeds(
  amountMToken: bigint,
  mTokenRate: bigint,
  tokenOutRate: bigint,
  decimals: number,
): bigint {
  return fromBase18((amountMToken * mTokenRate) / tokenOutRate, decimals);
}
