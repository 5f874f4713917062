import { MULTICALL3 } from "@compass/constants";
import {
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
} from "viem";
import type { ChainSpec } from "./config.ts";

/** A viem chain for a devnet chain: the real chain id, the local RPC URL, Multicall3 for batching. */
export function viemChain(spec: Pick<ChainSpec, "name" | "chainId">, rpcUrl: string): Chain {
  return defineChain({
    id: spec.chainId,
    name: `devnet ${spec.name}`,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3 } },
  });
}

/**
 * Clients for one anvil: public reads, anvil_* test methods, and a wallet for anvil's unlocked
 * accounts (eth_sendTransaction, so no local signing). A short polling interval suits a local node.
 */
export function devnetClients(spec: Pick<ChainSpec, "name" | "chainId">, rpcUrl: string) {
  const chain = viemChain(spec, rpcUrl);
  // a local node never drops a request, but one that has just loaded a large state, on a machine whose CPUs
  // other chains share, may take well over viem's default 10 s for its first calls
  const transport = http(rpcUrl, { retryCount: 0, timeout: 60_000 });
  return {
    public: createPublicClient({ chain, transport, pollingInterval: 50 }),
    test: createTestClient({ chain, transport, mode: "anvil", pollingInterval: 50 }),
    wallet: createWalletClient({ chain, transport, pollingInterval: 50 }),
  };
}
export type DevnetClients = ReturnType<typeof devnetClients>;

/**
 * A bare JSON-RPC call, for probes and clock moves that must not depend on a chain definition. The default
 * wait matches the viem clients': on two busy CPUs a chain holding a large state can take seconds to mine.
 * Liveness probes pass their own short timeout.
 */
export async function rpcCall<T>(
  url: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = 60_000,
): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
