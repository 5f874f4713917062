import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { AddressBook } from "@compass/constants";

/** The repository's root (this package sits in `indexer/`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The indexer package's directory: Ponder's root (ponder.config.ts, ponder.schema.ts, src/). */
export const INDEXER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

export interface ChainPlan {
  /** the address book's chain name (Ponder's chain name) */
  name: string;
  chainId: number;
  /** the chain's RPC URL (the first of `rpcUrls`) */
  rpcUrl: string;
  /**
   * the URLs Ponder balances its requests over (COMPASS_INDEX_RPC_URLS_<CHAIN>, comma-separated). Ponder
   * limits each to 20 requests a second at first and raises that while the provider keeps up; a local node
   * (loopback, the devnet) has no such limit, so its URL is listed 8 times (160 a second from the start).
   */
  rpcUrls: string[];
  /** the first block indexed: the chain's first contract deployment in the address book */
  startBlock: number;
  /** the block of its last contract deployment in the address book (a mark of this chain's history) */
  lastDeployBlock: number;
  /** how often the head is polled, ms */
  pollingInterval: number;
  /** widest eth_getLogs range (COMPASS_LOGS_MAX_RANGE); unset: Ponder adapts to the provider's errors */
  ethGetLogsBlockRange?: number;
  /**
   * Ponder keeps what it fetched from a chain id in its sync store and reuses it: a local chain (loopback RPC)
   * reuses a real chain's id with other blocks, so nothing is reused from it
   */
  disableCache: boolean;
}

export interface IndexPlan {
  addressBookPath: string;
  /** where the embedded database (PGlite) and the launcher's state live */
  indexDir: string;
  database: { kind: "postgres"; connectionString: string } | { kind: "pglite"; directory: string };
  chains: ChainPlan[];
}

type Env = Record<string, string | undefined>;

/** The address book's path: COMPASS_ADDRESSBOOK (as the API reads it), COMPASS_ADDRESS_BOOK, else the devnet's. */
export function addressBookPath(env: Env = process.env): string {
  const explicit = env.COMPASS_ADDRESSBOOK || env.COMPASS_ADDRESS_BOOK;
  if (explicit) return resolve(explicit);
  return join(
    env.COMPASS_DEVNET_DIR ? resolve(env.COMPASS_DEVNET_DIR) : join(REPO_ROOT, ".devnet"),
    "addressbook.json",
  );
}

export function readBook(path: string): AddressBook {
  if (!existsSync(path))
    throw new Error(`indexer: no address book at ${path} (start the devnet, or set COMPASS_ADDRESSBOOK)`);
  return JSON.parse(readFileSync(path, "utf8")) as AddressBook;
}

/** how many times a local node's URL is given to Ponder (see ChainPlan.rpcUrls) */
const LOCAL_BACKENDS = 8;

const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/;

function isLoopback(url: string): boolean {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

function positiveInt(env: Env, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`indexer: ${name} must be a non-negative integer (got ${raw})`);
  return n;
}

/**
 * What to index, from the address book and the environment:
 * - chains: the book's chains with an RPC URL (COMPASS_RPC_URL_<CHAIN> overrides it, as in the API; for the index
 *   alone COMPASS_INDEX_RPC_URLS_<CHAIN> may list several to balance over), or only those named in
 *   COMPASS_INDEX_CHAINS (comma-separated);
 * - from the first block any of a chain's contracts was deployed in (`deployBlocks`), or
 *   COMPASS_INDEX_START_BLOCK_<CHAIN>;
 * - polling the head every COMPASS_INDEX_POLL_MS (default 1 s, as on a real chain: on the devnet a
 *   250 ms poll of five chains kept the indexer at 7% of a core when idle, 5% at 1 s; a read tops up the blocks the
 *   index has not reached from the chain);
 * - eth_getLogs ranges of at most COMPASS_LOGS_MAX_RANGE blocks when set;
 * - into PostgreSQL at DATABASE_URL, else PGlite in COMPASS_INDEX_DIR (default: `index/` beside the book).
 */
export function indexPlan(env: Env = process.env): IndexPlan {
  const bookPath = addressBookPath(env);
  const book = readBook(bookPath);
  const only = env.COMPASS_INDEX_CHAINS?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of only ?? [])
    if (!book.chains[name])
      throw new Error(`indexer: COMPASS_INDEX_CHAINS names ${name}, not in ${bookPath}`);
  const maxRange = positiveInt(env, "COMPASS_LOGS_MAX_RANGE");
  const pollMs = positiveInt(env, "COMPASS_INDEX_POLL_MS");
  const chains: ChainPlan[] = [];
  for (const [name, entry] of Object.entries(book.chains)) {
    if (only && !only.includes(name)) continue;
    const upper = name.toUpperCase();
    const urls = (
      env[`COMPASS_INDEX_RPC_URLS_${upper}`] ||
      env[`COMPASS_RPC_URL_${upper}`] ||
      entry.rpcUrl ||
      ""
    )
      .split(",")
      .map((u) => u.trim())
      .filter(Boolean);
    if (!urls.length) continue;
    const rpcUrl = urls[0]!;
    const deployed = Object.values(entry.deployBlocks ?? {});
    const startBlock =
      positiveInt(env, `COMPASS_INDEX_START_BLOCK_${upper}`) ?? (deployed.length ? Math.min(...deployed) : 0);
    const local = urls.every(isLoopback);
    chains.push({
      name,
      chainId: entry.chainId,
      rpcUrl,
      rpcUrls: local && urls.length === 1 ? Array.from({ length: LOCAL_BACKENDS }, () => rpcUrl) : urls,
      startBlock,
      lastDeployBlock: deployed.length ? Math.max(startBlock, ...deployed) : startBlock,
      pollingInterval: pollMs ?? 1_000,
      ...(maxRange ? { ethGetLogsBlockRange: maxRange } : {}),
      disableCache: local,
    });
  }
  if (!chains.length) throw new Error(`indexer: no chain to index in ${bookPath}`);
  const indexDir = resolve(env.COMPASS_INDEX_DIR || join(dirname(bookPath), "index"));
  const connectionString = env.DATABASE_URL || env.DATABASE_PRIVATE_URL;
  return {
    addressBookPath: bookPath,
    indexDir,
    database: connectionString
      ? { kind: "postgres", connectionString }
      : { kind: "pglite", directory: join(indexDir, "pglite") },
    chains,
  };
}
