/** Where async trades are polled (spec tokenized-assets §5, Ours). */
export const POLL_ENDPOINT = "/v2/tokenized_assets/redemptions";
