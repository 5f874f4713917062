import { CHAIN_INFO, DEVNET_CHAINS, USDC } from "@compass/constants";
import type { Address } from "viem";

export type DevnetChainName = (typeof DEVNET_CHAINS)[number];

export interface ChainSpec {
  name: DevnetChainName;
  chainId: number;
  /** position in DEVNET_CHAINS: the chain's port is portBase + index */
  index: number;
  usdc: {
    address: Address;
    /** the token's name (also its EIP-712 domain name where it has permits) */
    name: string;
    decimals: number;
    /** which real contract the chain's USDC is, and so which twin the devnet installs */
    kind: "fiat-token" | "bep20-peg";
    /** EIP-712 domain version of EIP-2612 permits; absent for a token without them */
    version?: string;
  };
}

export const DEFAULT_PORT_BASE = 8545;

function chainSpec(name: DevnetChainName, index: number): ChainSpec {
  const usdc = USDC[name];
  if (!usdc) throw new Error(`@compass/constants has no USDC for ${name}`);
  return {
    name,
    chainId: CHAIN_INFO[name].chainId,
    index,
    usdc: usdc.permit
      ? {
          address: usdc.address,
          name: usdc.permit.name,
          version: usdc.permit.version,
          decimals: usdc.decimals,
          kind: "fiat-token",
        }
      : // Binance-Peg USD Coin (BNB Smart Chain)
        { address: usdc.address, name: "USD Coin", decimals: usdc.decimals, kind: "bep20-peg" },
  };
}

/** The chains the devnet runs, in port order; chain ids and USDC domains come from @compass/constants. */
export const CHAINS: readonly ChainSpec[] = DEVNET_CHAINS.map(chainSpec);

export function chainSpecByName(name: string): ChainSpec {
  const spec = CHAINS.find((c) => c.name === name);
  if (!spec)
    throw new Error(`unknown devnet chain "${name}" (known: ${CHAINS.map((c) => c.name).join(", ")})`);
  return spec;
}

export function rpcUrl(portBase: number, chain: ChainSpec): string {
  return `http://127.0.0.1:${portBase + chain.index}`;
}

/** What `devnet start`, `npm start` and the test stack live through on a devnet they create: four weeks, two days a step. */
export const MARKET_HISTORY = { days: 28, stepDays: 2 } as const;
