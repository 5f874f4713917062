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
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll } from "vitest";
import {
  chainSpecByName,
  type DevnetChainName,
  type DevnetHandle,
  type DevnetOptions,
  startDevnet,
  TWINS,
  type TwinSpec,
  viemChain,
} from "../src/index.ts";
import { minedReceipt } from "../src/receipt.ts";

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * The port base of a test file's devnet: COMPASS_UNIT_PORT_BASE (default 20545) moves every devnet test, so
 * parallel checkouts never collide; each file's own `offset` keeps the files of one run apart.
 */
export const unitPortBase = (offset: number): number =>
  Number(process.env.COMPASS_UNIT_PORT_BASE ?? 20545) + offset;

export interface FileDevnetOptions extends Omit<DevnetOptions, "dir" | "portBase" | "twins"> {
  /** registered twins by name, or specs; default: every registered twin (as `startDevnet`) */
  twins?: (string | TwinSpec)[];
  /** how long the start may take (default: the project's hook timeout) */
  timeoutMs?: number;
  /** after the devnet stopped, before its directory goes (e.g. to keep a twin's log) */
  afterStop?: (dir: string) => void;
}

/**
 * The devnet of one test file: started before the file's tests in a temporary directory on `unitPortBase(offset)`,
 * stopped after them and its directory removed. `ready` receives it once it is up (to set the file's variables),
 * with how long the start took.
 */
export function devnetForFile(
  name: string,
  offset: number,
  options: FileDevnetOptions = {},
  ready?: (devnet: DevnetHandle, bootMs: number) => void | Promise<void>,
): { dir: string; portBase: number } {
  const { twins, timeoutMs, afterStop, ...rest } = options;
  const dir = tempDir(`devnet-${name}`);
  const portBase = unitPortBase(offset);
  let devnet: DevnetHandle | undefined;
  beforeAll(async () => {
    const started = performance.now();
    devnet = await startDevnet({
      // thrown away after the file: no periodic state dumps (~100 MB of JSON a chain every few seconds); a chain a
      // test stops and starts again keeps its state through anvil's own dump on a graceful stop
      snapshots: false,
      ...rest,
      dir: dir.path,
      portBase,
      twins: twins?.map((t) => (typeof t === "string" ? registeredTwin(t) : t)),
    });
    await ready?.(devnet, performance.now() - started);
  }, timeoutMs);
  afterAll(async () => {
    await devnet?.stop({ discard: true });
    afterStop?.(dir.path);
    dir.remove();
  });
  return { dir: dir.path, portBase };
}

function registeredTwin(name: string): TwinSpec {
  const spec = TWINS.find((t) => t.name === name);
  if (!spec) throw new Error(`no registered twin ${name}`);
  return spec;
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

/** `functionName(...args)` on `to`, sent on `chain` by dev account `from`; resolves with the mined receipt. */
export async function devWrite(
  devnet: DevnetHandle,
  chain: DevnetChainName,
  from: number,
  to: Address,
  abi: unknown,
  functionName: string,
  args: readonly unknown[],
): Promise<TransactionReceipt> {
  const c = clients(devnet, chain);
  const hash = await c.wallet.writeContract({
    account: privateKeyToAccount(dev(devnet, from).privateKey),
    chain: c.chain,
    address: to,
    abi,
    functionName,
    args,
  } as any);
  return minedReceipt(c.public, hash);
}

/** EIP-2612's Permit type, as USDC (FiatToken v2) signs it. */
export const PERMIT_TYPES = {
  Permit: [
    { name: "owner", type: "address" },
    { name: "spender", type: "address" },
    { name: "value", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
} as const;
