/** Metadata of each URL group, shared by OpenAPI tags, SDK namespaces, CLI groups and MCP descriptions. */
export interface GroupInfo {
  description: string;
  /** CLI group alias (clients.md §1) */
  cliAlias?: string;
  /** SDK namespace when it is not the camelCased group (clients.md §1: `cctp` → `bridge`) */
  namespace?: string;
}

export const GROUPS: Record<string, GroupInfo> = {
  token: { description: "Token balances and prices (v1)" },
  onramp: {
    description: "Fiat on-ramp: card payment to USDC on Ethereum, delivered to the user's own wallet",
  },
  perpetual_trading: {
    description: "Perpetual futures on stocks, commodities and forex; the user signs every action",
    cliAlias: "pt",
  },
  tokenized_assets: {
    description: "Tokenized securities and real-world assets held in a Safe product account",
    cliAlias: "ta",
  },
  gas_sponsorship: { description: "Sponsor-paid execution of owner-signed payloads", cliAlias: "gs" },
  earn: { description: "Yield: vaults, Aave, Pendle, swaps in an Earn account" },
  credit: { description: "Borrowing and leverage in a Credit account" },
  cctp: { description: "Native USDC bridging (CCTP)", namespace: "bridge" },
};
