import { Agent, request } from "node:http";
import { MULTICALL3 } from "@compass/constants";
import {
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  custom,
  defineChain,
  RpcRequestError,
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
 * Requests go over kept-alive node:http connections (`jsonRpc`), not viem's fetch transport.
 */
export function devnetClients(spec: Pick<ChainSpec, "name" | "chainId">, rpcUrl: string) {
  const chain = viemChain(spec, rpcUrl);
  // a local node never drops a request, but one that has just loaded a large state, on a machine whose CPUs
  // other chains share, may take well over viem's default 10 s for its first calls
  const transport = custom(
    { request: ({ method, params }) => jsonRpc(rpcUrl, method, (params as unknown[]) ?? [], 60_000) },
    { retryCount: 0 },
  );
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
  return jsonRpc<T>(url, method, params, timeoutMs).catch((error: unknown) => {
    if (error instanceof RpcRequestError) throw new Error(`${method}: ${error.details}`);
    throw error;
  });
}

/**
 * Kept-alive connections to the chains. A bootstrap and its market history send ~10,000 calls from one process:
 * through the global fetch each cost ~1.7 ms of CPU (its Request, Response and stream objects) against ~0.3 ms
 * here, and as long again in wall time on a busy machine.
 */
const agent = new Agent({ keepAlive: true });
let nextId = 1;

/** One JSON-RPC call; a JSON-RPC error is thrown as viem's RpcRequestError (code, message and data kept). */
export function jsonRpc<T>(url: string, method: string, params: unknown[], timeoutMs: number): Promise<T> {
  const body = JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params });
  const attempt = (retry: boolean): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const req = request(url, {
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      const timer = setTimeout(() => {
        req.destroy(new Error(`${method}: no answer from ${url} within ${timeoutMs} ms`));
      }, timeoutMs);
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          clearTimeout(timer);
          let parsed: { result?: T; error?: { code: number; message: string; data?: unknown } };
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            reject(new Error(`${method}: ${url} answered HTTP ${res.statusCode} without JSON`));
            return;
          }
          if (parsed.error) reject(new RpcRequestError({ body: JSON.parse(body), error: parsed.error, url }));
          else resolve(parsed.result as T);
        });
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        // a kept-alive connection the node closed meanwhile: the request never reached it, so it is sent again
        if (retry && req.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE"))
          resolve(attempt(false));
        else reject(error);
      });
      req.end(body);
    });
  return attempt(true);
}
