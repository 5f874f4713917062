/**
 * The address book: where each chain's RPC endpoint, the deployed contracts and the twins of outside
 * systems live. The devnet writes it; a deployment supplies its own (COMPASS_ADDRESSBOOK).
 */
export interface AddressBook {
  version: 1;
  environment?: string;
  chains: Record<
    string,
    {
      chainId: number;
      rpcUrl: string;
      contracts: Record<string, `0x${string}`>;
      /** block each contract was deployed in, by lower-case address: event reads start there */
      deployBlocks?: Record<string, number>;
    }
  >;
  twins: Record<string, { url: string; apiKey?: string; [k: string]: unknown }>;
  tokens?: Record<
    string,
    Record<string, { address: `0x${string}`; decimals: number; name?: string; [k: string]: unknown }>
  >;
  accounts?: { dev: { address: `0x${string}`; privateKey: `0x${string}` }[] };
  /** the event index the deployment's API reads history from (COMPASS_INDEX_URL overrides it) */
  index?: { url: string };
  [k: string]: unknown;
}
