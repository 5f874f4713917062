/**
 * Quotes, market status and simulations of a transaction we return are evaluated for the block it will land
 * in. Prices here are functions of time (NAV accrual, the venue's reference price, market hours), and on a
 * chain that only mines on demand (the devnet) `latest` can be hours old, while the next block is stamped
 * with the current time: a quote at `latest` could miss the slippage bound once executed.
 */
export const NEXT_BLOCK = "pending" as const;
