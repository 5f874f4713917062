import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type EIP1193RequestFn,
  http,
} from "viem";
import { chainSpecByName, type DevnetChainName, type DevnetHandle, viemChain } from "../src/index.ts";

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Public + wallet clients for one devnet chain; `methods` records every JSON-RPC method sent. */
export function clients(devnet: DevnetHandle, name: DevnetChainName, options: { multicall?: boolean } = {}) {
  const { rpcUrl } = devnet.chains[name]!;
  const chain = viemChain(chainSpecByName(name), rpcUrl);
  const methods: string[] = [];
  // a chain that has just loaded a large state answers its first calls slowly under CPU contention
  const inner = http(rpcUrl, { retryCount: 0, timeout: 60_000 })({ chain });
  const transport = custom({
    request: (async (args) => {
      methods.push(args.method);
      return inner.request(args);
    }) as EIP1193RequestFn,
  });
  return {
    chain,
    methods,
    public: createPublicClient({
      chain,
      transport,
      pollingInterval: 50,
      batch: { multicall: options.multicall ?? false },
    }),
    wallet: createWalletClient({ chain, transport }),
  };
}

export const ONE_MILLION_USDC = 1_000_000n * 10n ** 6n;

export function dev(devnet: DevnetHandle, index: number): { address: Address; privateKey: `0x${string}` } {
  return devnet.addressBook.accounts.dev[index]!;
}
