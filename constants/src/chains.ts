/** Chain names of the wire contract, their real chain ids, and canonical token and contract addresses. */

export const CHAINS = [
  "base",
  "ethereum",
  "arbitrum",
  "hyperevm",
  "tempo",
  "bsc",
  "ethereum_sepolia",
] as const;
export type ChainName = (typeof CHAINS)[number];

export interface ChainInfo {
  name: ChainName;
  chainId: number;
  displayName: string;
  /** only served by the staging environment */
  stagingOnly: boolean;
  nativeSymbol: string;
  /** the chain's block interval: how long a block's fee data stays current */
  blockTimeMs: number;
}

/** The spec's chain names mapped to their real chain ids. */
export const CHAIN_INFO: Record<ChainName, ChainInfo> = {
  ethereum: {
    name: "ethereum",
    chainId: 1,
    displayName: "Ethereum",
    stagingOnly: false,
    nativeSymbol: "ETH",
    blockTimeMs: 12000,
  },
  arbitrum: {
    name: "arbitrum",
    chainId: 42161,
    displayName: "Arbitrum One",
    stagingOnly: false,
    nativeSymbol: "ETH",
    blockTimeMs: 250,
  },
  base: {
    name: "base",
    chainId: 8453,
    displayName: "Base",
    stagingOnly: false,
    nativeSymbol: "ETH",
    blockTimeMs: 2000,
  },
  bsc: {
    name: "bsc",
    chainId: 56,
    displayName: "BNB Smart Chain",
    stagingOnly: false,
    nativeSymbol: "BNB",
    blockTimeMs: 3000,
  },
  hyperevm: {
    name: "hyperevm",
    chainId: 999,
    displayName: "HyperEVM",
    stagingOnly: false,
    nativeSymbol: "HYPE",
    blockTimeMs: 1000,
  },
  // Tempo's chain id is not established by the reference (spec README §9, Gap); 4217 is Tempo mainnet's id.
  tempo: {
    name: "tempo",
    chainId: 4217,
    displayName: "Tempo",
    stagingOnly: false,
    nativeSymbol: "USD",
    blockTimeMs: 1000,
  },
  ethereum_sepolia: {
    name: "ethereum_sepolia",
    chainId: 11155111,
    displayName: "Ethereum Sepolia",
    stagingOnly: true,
    nativeSymbol: "ETH",
    blockTimeMs: 12000,
  },
};

/** Chains the embedded devnet runs (and the default deployment serves). */
export const DEVNET_CHAINS = [
  "ethereum",
  "arbitrum",
  "base",
  "ethereum_sepolia",
  "bsc",
] as const satisfies readonly ChainName[];

export interface TokenInfo {
  symbol: string;
  address: `0x${string}`;
  decimals: number;
  /** EIP-712 domain of EIP-2612 permits, when the token supports them */
  permit?: { name: string; version: string };
}

/**
 * Canonical USDC deployments and their EIP-712 domains: Circle's FiatToken v2.2, except on BNB Smart Chain,
 * whose USDC is Binance's peg (a BEP-20 with 18 decimals and no permit).
 */
export const USDC: Partial<Record<ChainName, TokenInfo>> = {
  ethereum: {
    symbol: "USDC",
    address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    decimals: 6,
    permit: { name: "USD Coin", version: "2" },
  },
  arbitrum: {
    symbol: "USDC",
    address: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831",
    decimals: 6,
    permit: { name: "USD Coin", version: "2" },
  },
  base: {
    symbol: "USDC",
    address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    decimals: 6,
    permit: { name: "USD Coin", version: "2" },
  },
  ethereum_sepolia: {
    symbol: "USDC",
    address: "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238",
    decimals: 6,
    permit: { name: "USDC", version: "2" },
  },
  // Binance-Peg USD Coin: Binance's BEP20TokenImplementation, owner-minted, no EIP-2612
  bsc: { symbol: "USDC", address: "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", decimals: 18 },
};

export const MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11" as const;

/** Uniswap's Permit2 (same address on every chain): sponsored deposits are Permit2 signature transfers. */
export const PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3" as const;
