/** The IXS managed vault on bsc (handle `ixv1`), run by the devnet's `fund_issuer` as its manager. */
export const IXS_VAULT = {
  handle: "ixv1",
  chain: "bsc" as const,
  /** NAV per share at t0 and its model: 6.5 % a year with a light day-to-day wobble */
  p0: "1",
  apyBps: 650,
  volBps: 15,
  exitFeeBps: 25,
  /** smallest deposit, USDC */
  minDeposit: "10",
  /** what the manager seeds the vault with at bootstrap, USDC */
  seed: "250000",
  /** how long the manager takes to process a redemption request (devnet time) */
  processingSeconds: 86_400,
};
