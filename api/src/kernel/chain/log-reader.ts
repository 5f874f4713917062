import {
  type AbiEvent,
  type Address,
  formatLog,
  type Hex,
  type Log,
  type PublicClient,
  parseEventLogs,
  type RpcLog,
  toEventSelector,
  toHex,
} from "viem";
import { UpstreamError } from "../errors.ts";
import { historyCompleteTo } from "./freshness.ts";

export interface LogReaderOptions {
  /** widest block range one eth_getLogs may ask for (public providers cap it, often at 10,000 or less) */
  maxRange: bigint;
  /** blocks behind the head after which a page is final and kept */
  finality: bigint;
  /** most pages one read may take before it is refused as too long a history for this RPC */
  maxPages: number;
  /** final pages kept, oldest dropped first */
  cachePages?: number;
  /** deployment blocks the deployment already knows (address book), by lower-case address */
  knownDeployBlock?: (chainId: number, address: Address) => bigint | undefined;
}

export type LogQuery = {
  /** the emitting contracts; omitted: any contract, from `fromBlock` */
  address?: Address | Address[];
  /**
   * first block to read: required when no address bounds it (e.g. the deployment of the factory of the
   * account); with an address, a later start than its deployment (only recent history)
   */
  fromBlock?: bigint;
  /**
   * last block to read (default: the head, read now): a read that must end where another one ended passes
   * that one's head, and saves an eth_blockNumber
   */
  toBlock?: bigint;
  /**
   * only the newest this many logs (still returned oldest first): a page of an account's latest history. The chain is
   * then read from the head backwards until that many are found, and the index answers just those: the read costs
   * the page, not the whole history.
   */
  newest?: number;
} & (
  | { event: AbiEvent; args?: Record<string, unknown> }
  | {
      /** several events in one eth_getLogs: topic0 is any of theirs, each log decoded by its own */
      events: readonly AbiEvent[];
      /** topic1, topic2, … every event must match (null = any): e.g. the account where all of them index it */
      topics: (Hex | null)[];
    }
);

/** A history longer than the deployment lets one read page through (LogReaderOptions.maxPages): a 502. */
export class TooLongHistoryError extends UpstreamError {}

/**
 * A query's contracts, lower-cased: [] for any contract (a `fromBlock` is then required), undefined for an empty list
 * (nothing to read).
 */
export function queryAddresses(query: LogQuery): Address[] | undefined {
  const addresses = (
    query.address === undefined ? [] : Array.isArray(query.address) ? query.address : [query.address]
  ).map((a) => a.toLowerCase() as Address);
  if (query.address !== undefined && !addresses.length) return undefined;
  if (query.address === undefined && query.fromBlock === undefined)
    throw new Error("LogReader: a query over any contract needs a fromBlock");
  return addresses;
}

const CONCURRENCY = 4;
/** no code at the head: nothing to read (yet) */
const NOT_DEPLOYED = 2n ** 64n;

/**
 * eth_getLogs the way public RPC providers allow it: from the contracts' deployment block (never from 0),
 * in block windows no wider than `maxRange`, aligned so that a window once final (older than `finality`)
 * is the same for every later read and is served from memory. Deployment blocks are found once per
 * contract — from the address book when it lists them, else by bisecting eth_getCode — and kept.
 */
export class LogReader {
  private readonly deployed = new Map<string, Promise<bigint>>();
  /** deployment blocks learned from creation events, by chain id and lower-case address */
  private readonly noted = new Map<string, bigint>();
  private readonly pages = new Map<string, Log[]>();
  /** the head each chain's last read saw, by chain id */
  private readonly heads = new Map<number, bigint>();
  /** RPC calls made for logs (pages fetched), for the bench and tests */
  readonly stats = { pages: 0, cachedPages: 0, deploySearches: 0 };

  constructor(private readonly options: LogReaderOptions) {}

  async getLogs(client: PublicClient, query: LogQuery): Promise<Log[]> {
    const addresses = queryAddresses(query);
    if (!addresses) return [];
    const [head, starts] = await Promise.all([
      query.toBlock ?? client.getBlockNumber({ cacheTime: 0 }),
      Promise.all(addresses.map((a) => this.deploymentBlock(client, a))),
    ]);
    this.rememberHead(client.chain?.id ?? 0, head);
    // from the first deployment among the addresses; `fromBlock` narrows that to recent history, and is the
    // start of a read over any contract
    const deployed = starts.length ? starts.reduce((a, b) => (a < b ? a : b)) : undefined;
    const from =
      deployed === undefined
        ? query.fromBlock!
        : query.fromBlock !== undefined && query.fromBlock > deployed
          ? query.fromBlock
          : deployed;
    if (from > head) return [];
    const { maxRange, finality } = this.options;
    const windows: [bigint, bigint][] = [];
    for (let start = (from / maxRange) * maxRange; start <= head; start += maxRange)
      windows.push([
        start < from ? from : start,
        start + maxRange - 1n > head ? head : start + maxRange - 1n,
      ]);
    const tooLong = () =>
      new TooLongHistoryError(
        "chain",
        `Reading these events takes ${windows.length} eth_getLogs pages of ${maxRange} blocks, more than the ${this.options.maxPages} this deployment allows; list the contracts' deployment blocks in the address book or use an RPC with wider ranges (COMPASS_LOGS_MAX_RANGE)`,
        "Chain unavailable",
      );
    // the newest n: windows from the head backwards, until n are found (a page limit counts the windows read)
    if (query.newest === undefined && windows.length > this.options.maxPages) throw tooLong();
    const filter =
      "event" in query
        ? `${query.event.name}|${JSON.stringify(query.args ?? {}, (_, v) => (typeof v === "bigint" ? v.toString() : v))}`
        : `${query.events.map(toEventSelector).join("+")}|${query.topics.join(",")}`;
    const key = `${client.chain?.id}|${addresses.sort().join(",")}|${filter}`;
    const results: Log[][] = new Array(windows.length);
    const read = async (i: number) => {
      const [fromBlock, toBlock] = windows[i]!;
      const pageKey = `${key}|${fromBlock}-${toBlock}`;
      const hit = this.pages.get(pageKey);
      if (hit) {
        this.stats.cachedPages++;
        results[i] = hit;
        return;
      }
      this.stats.pages++;
      const logs = await this.page(client, query, addresses, fromBlock, toBlock);
      results[i] = logs;
      // a window behind finality never changes, and the same window comes back on every later read
      if (toBlock + finality <= head) this.keep(pageKey, logs);
    };
    if (query.newest === undefined) {
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < windows.length; i = next++) await read(i);
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, windows.length) }, worker));
      return results.flat();
    }
    let found = 0;
    let first = windows.length;
    while (first > 0 && found < query.newest) {
      if (windows.length - first >= this.options.maxPages) throw tooLong();
      const batch = Math.min(CONCURRENCY, first, this.options.maxPages - (windows.length - first));
      const start = first - batch;
      await Promise.all(Array.from({ length: batch }, (_, k) => read(start + k)));
      for (let i = start; i < first; i++) found += results[i]!.length;
      first = start;
    }
    return results.slice(first).flat().slice(-query.newest);
  }

  private async page(
    client: PublicClient,
    query: LogQuery,
    addresses: Address[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<Log[]> {
    const address = addresses.length ? addresses : undefined;
    if ("event" in query)
      return (await client.getLogs({
        address,
        event: query.event,
        args: query.args,
        fromBlock,
        toBlock,
      } as Parameters<PublicClient["getLogs"]>[0])) as Log[];
    const raw = (await client.request({
      method: "eth_getLogs",
      params: [
        {
          ...(address && { address }),
          topics: [query.events.map(toEventSelector), ...query.topics],
          fromBlock: toHex(fromBlock),
          toBlock: toHex(toBlock),
        },
      ],
    } as never)) as RpcLog[];
    // a log whose data does not decode as the event its topic0 names is another contract's look-alike: dropped
    return parseEventLogs({ abi: query.events, logs: raw.map((l) => formatLog(l)) }) as Log[];
  }

  /** The head a read went to on a chain: its logs are complete up to it (the request's freshness notes it). */
  protected rememberHead(chainId: number, head: bigint) {
    this.heads.set(chainId, head);
    historyCompleteTo(chainId, head);
  }

  /** The head block the last read on the client's chain saw (what its logs are complete up to). */
  lastHead(client: PublicClient): bigint | undefined {
    return this.heads.get(client.chain?.id ?? 0);
  }

  /**
   * A contract's deployment block learned from its creation (a factory's event names the block it was created in):
   * no search for it later, and `knownDeployment` answers it.
   */
  noteDeployment(client: PublicClient, address: Address, block: bigint) {
    const key = `${client.chain?.id ?? 0}|${address.toLowerCase()}`;
    if (this.noted.has(key)) return;
    if (this.noted.size >= 100_000) this.noted.clear();
    this.noted.set(key, block);
    this.deployed.set(key, Promise.resolve(block));
  }

  /** The deployment block when it is known without reading the chain (the address book, a creation event). */
  knownDeployment(client: PublicClient, address: Address): bigint | undefined {
    const chainId = client.chain?.id ?? 0;
    return (
      this.noted.get(`${chainId}|${address.toLowerCase()}`) ??
      this.options.knownDeployBlock?.(chainId, address)
    );
  }

  /** The first block where `address` holds code (0 when that cannot be read). */
  deploymentBlock(client: PublicClient, address: Address): Promise<bigint> {
    const chainId = client.chain?.id ?? 0;
    const key = `${chainId}|${address.toLowerCase()}`;
    let found = this.deployed.get(key);
    if (!found) {
      const known = this.options.knownDeployBlock?.(chainId, address);
      found = known !== undefined ? Promise.resolve(known) : this.bisect(client, address);
      this.deployed.set(key, found);
      // a failed search, or a contract not deployed yet, is looked up again on the next read
      found.then(
        (block) => block === NOT_DEPLOYED && this.deployed.delete(key),
        () => this.deployed.delete(key),
      );
    }
    return found;
  }

  private async bisect(client: PublicClient, address: Address): Promise<bigint> {
    this.stats.deploySearches++;
    const hasCode = async (blockNumber: bigint) => {
      try {
        const code = await client.getCode({ address, blockNumber });
        return !!code && code !== "0x";
      } catch {
        // a node without that block's state (pruned history) cannot say: assume the code may be there,
        // so the search errs towards reading more blocks, never towards missing a log
        return true;
      }
    };
    let lo = 0n;
    let hi = await client.getBlockNumber({ cacheTime: 0 });
    if (!(await hasCode(hi))) return NOT_DEPLOYED;
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      if (await hasCode(mid)) hi = mid;
      else lo = mid + 1n;
    }
    return lo;
  }

  private keep(key: string, logs: Log[]) {
    const limit = this.options.cachePages ?? 2000;
    if (this.pages.size >= limit) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, logs);
  }
}
