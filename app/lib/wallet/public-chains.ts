import { addressBook, rpcUrl } from "@compass/api";
import { CHAIN_INFO } from "@compass/constants";
import { appConfig } from "../config.ts";

export interface PublicChain {
  id: number;
  name: string;
  key: string;
  rpcUrl: string;
}

const BROWSER_CHAINS = ["ethereum", "arbitrum", "base", "ethereum_sepolia"] as const;

/** Public endpoints for production reads when no COMPASS_PUBLIC_RPC_URL_<CHAIN> is configured. */
const PUBLIC_RPC: Record<(typeof BROWSER_CHAINS)[number], string> = {
  ethereum: "https://eth.merkle.io",
  arbitrum: "https://arb1.arbitrum.io/rpc",
  base: "https://mainnet.base.org",
  ethereum_sepolia: "https://sepolia.drpc.org",
};

/**
 * Chains the browser may talk to, with RPC URLs safe to publish: COMPASS_PUBLIC_RPC_URL_<CHAIN> when set,
 * else the devnet's (staging) or a public endpoint (production). Server-only: reads configuration and the
 * address book at request time. Never empty: wagmi needs at least one chain.
 */
export function publicChains(): { env: "production" | "staging"; chains: PublicChain[]; devWallet: boolean } {
  const config = appConfig();
  const chains: PublicChain[] = [];
  for (const key of BROWSER_CHAINS) {
    const info = CHAIN_INFO[key];
    if (config.env === "production" && info.stagingOnly) continue;
    const url =
      process.env[`COMPASS_PUBLIC_RPC_URL_${key.toUpperCase()}`] ??
      (config.env === "staging" ? rpcUrl(config, key) : undefined) ??
      PUBLIC_RPC[key];
    if (url) chains.push({ id: info.chainId, name: info.displayName, key, rpcUrl: url });
  }
  const devWallet = config.env === "staging" && !!addressBook(config)?.accounts?.dev?.length;
  return { env: config.env, chains, devWallet };
}
