/** Deposits below this never reach the venue (the live bridge keeps them), so the API refuses them. */
export const MIN_DEPOSIT_USDC = 5;
