/**
 * The sandbox money-market fund (staging only, chain `ethereum_sepolia`). Its symbol is ours (the spec
 * leaves it open) and must stay stable: clients and the issuer twin key on it.
 */
export const MMF_SYMBOL = "SBGOV";
export const MMF_CHAIN = "ethereum_sepolia" as const;
/** NAV strike cutoff: 3:30 PM America/New_York on business days. */
export const MMF_CUTOFF = { hour: 15, minute: 30, timeZone: "America/New_York" } as const;
