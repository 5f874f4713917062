import {
  type AbiEvent,
  type Address,
  encodeEventTopics,
  formatLog,
  type Hex,
  type Log,
  type PublicClient,
  parseEventLogs,
  type RpcLog,
  toEventSelector,
} from "viem";
import { UpstreamError } from "../errors.ts";
import { httpCall } from "../upstream/http-call.ts";
import { historyCompleteTo } from "./freshness.ts";
import {
  type LogQuery,
  LogReader,
  type LogReaderOptions,
  queryAddresses,
  TooLongHistoryError,
} from "./log-reader.ts";

export interface IndexedLogReaderOptions extends LogReaderOptions {
  /** the indexer's HTTP base (its `POST /logs`) */
  indexUrl: string;
  /**
   * most blocks the index may trail the chain's head and still answer, the rest read from the chain (read your
   * writes); further behind, a read answers 503 with Retry-After rather than history it cannot complete
   */
  maxLagBlocks: bigint;
  /**
   * how long a read waits for an index further behind than `maxLagBlocks` to catch up (it follows the head within a
   * poll; a burst of blocks puts it behind for a moment) before answering 503; 0 answers at once
   */
  waitMs: number;
  timeoutMs: number;
}

/** A query waiting for its batch: its contract, and where its logs (and the head they are complete to) go. */
interface Waiter {
  address: Address;
  resolve: (answer: { logs: Log[]; head?: bigint }) => void;
  reject: (error: unknown) => void;
}

/** whole histories whose final part is kept (see `single`) */
const FINAL_PREFIXES = 256;

/** The most logs one `newest` may ask the index for (its `MAX_NEWEST`). */
const MAX_NEWEST = 10_000;

/** What the indexer answers for a `POST /logs`: RPC-shaped logs up to the block it has indexed. */
interface IndexAnswer {
  indexedToBlock: string;
  logs: RpcLog[];
}

/**
 * Event history from the index (a Ponder app following the chains once, `indexer/`) instead of eth_getLogs pages
 * from each contract's deployment on every request: one query answered from its tables whatever the chain's
 * height. The few blocks the index has not reached yet are read from the chain (one page), so a read right after
 * a write sees it; an index further behind than `maxLagBlocks` is refused with a 503 and Retry-After, never served
 * as if complete. Same queries, same logs and same decoding as the LogReader it extends (still used for deployment
 * blocks and for that last page).
 */
export class IndexedLogReader extends LogReader {
  readonly indexStats = { queries: 0, topUps: 0, waits: 0, behind: 0, fallbacks: 0, lastFallback: "" };
  private readonly indexed = new Map<number, bigint>();

  constructor(private readonly index: IndexedLogReaderOptions) {
    super(index);
  }

  /**
   * From the index; while it cannot answer (starting, backfilling, further behind than `maxLagBlocks`, unreachable)
   * from the chain in pages as the LogReader reads it, when that history is short enough to page through; a longer
   * one is refused with the index's 503 and Retry-After, never answered short.
   */
  override getLogs(client: PublicClient, query: LogQuery): Promise<Log[]> {
    // one event at one contract, asked of many contracts side by side (a vault list's APY windows, vault by vault):
    // one index query for all of them
    if ("event" in query && typeof query.address === "string" && query.newest === undefined)
      return this.coalesced(client, query as LogQuery & { address: Address });
    return this.single(client, query);
  }

  private readonly batches = new Map<
    string,
    {
      client: PublicClient;
      query: LogQuery;
      waiters: Waiter[];
    }
  >();

  /**
   * Queries that differ only in their contract, arriving in the same turn of the event loop, answered by one index
   * query over all their contracts and split by contract. When the index cannot answer, each is read on its own
   * (the chain's pages count from each contract's own deployment).
   */
  private coalesced(client: PublicClient, query: LogQuery & { address: Address }): Promise<Log[]> {
    const { address, ...rest } = query;
    const key = coalesceKey(client, rest);
    return new Promise<{ logs: Log[]; head?: bigint }>((resolve, reject) => {
      let batch = this.batches.get(key);
      if (!batch) {
        const created = { client, query, waiters: [] as Waiter[] };
        this.batches.set(key, created);
        setImmediate(() => {
          this.batches.delete(key);
          void this.flush(created);
        });
        batch = created;
      }
      batch.waiters.push({ address: address.toLowerCase() as Address, resolve, reject });
    }).then(({ logs, head }) => {
      // in the caller's request: its history is complete up to the head the batch read to
      if (head !== undefined) historyCompleteTo(client.chain?.id ?? 0, head);
      return logs;
    });
  }

  private async flush(batch: { client: PublicClient; query: LogQuery; waiters: Waiter[] }) {
    const { client, query, waiters } = batch;
    // one at a time, as asked (freshness noted in the caller's request by `single` itself)
    const each = () =>
      waiters.map((w) =>
        this.single(client, { ...query, address: w.address }).then((logs) => w.resolve({ logs }), w.reject),
      );
    if (waiters.length === 1) return each();
    const read: { head?: bigint } = {};
    let logs: Log[];
    try {
      logs = await this.fromIndex(
        client,
        { ...query, address: [...new Set(waiters.map((w) => w.address))] },
        null,
        read,
      );
    } catch (error) {
      if (error instanceof UpstreamError && error.service === "index") return each();
      for (const w of waiters) w.reject(error);
      return;
    }
    for (const w of waiters)
      w.resolve({ logs: logs.filter((l) => l.address.toLowerCase() === w.address), head: read.head });
  }

  /**
   * A whole history asked again and again (a factory's vaults, a singleton's markets: every list reads it afresh each
   * block): the part behind finality is kept, and only what came after it is asked for, of the index or the chain.
   */
  private readonly finalPrefixes = new Map<string, { to: bigint; logs: Log[] }>();

  private async single(client: PublicClient, query: LogQuery): Promise<Log[]> {
    if (query.toBlock !== undefined || query.newest !== undefined) return this.singleRange(client, query);
    const key = `${client.chain?.id}|${JSON.stringify(query, (_, v) => (typeof v === "bigint" ? v.toString() : v))}`;
    const prefix = this.finalPrefixes.get(key);
    const from = query.fromBlock ?? 0n;
    const read: { head?: bigint } = {};
    const rest = await this.singleRange(
      client,
      prefix && prefix.to >= from ? { ...query, fromBlock: prefix.to + 1n } : query,
      read,
    );
    const logs = prefix && prefix.to >= from ? [...prefix.logs, ...rest] : rest;
    if (read.head !== undefined && read.head > this.index.finality) {
      const to = read.head - this.index.finality;
      if (!prefix || to > prefix.to) {
        if (this.finalPrefixes.size >= FINAL_PREFIXES)
          this.finalPrefixes.delete(this.finalPrefixes.keys().next().value!);
        this.finalPrefixes.set(key, { to, logs: logs.filter((l) => l.blockNumber! <= to) });
      }
    }
    return logs;
  }

  private async singleRange(
    client: PublicClient,
    query: LogQuery,
    read: { head?: bigint } = {},
  ): Promise<Log[]> {
    try {
      return await this.fromIndex(client, query, query.newest ?? null, read);
    } catch (error) {
      if (!(error instanceof UpstreamError) || error.service !== "index") throw error;
      this.indexStats.fallbacks++;
      this.indexStats.lastFallback = error.message;
      try {
        return await super.getLogs(client, query);
      } catch (fallback) {
        if (fallback instanceof TooLongHistoryError) throw error;
        throw fallback;
      }
    }
  }

  private async fromIndex(
    client: PublicClient,
    query: LogQuery,
    newest: number | null = query.newest ?? null,
    /** where the head this read went to is noted (a batch notes it in each of its callers' requests) */
    read: { head?: bigint } = {},
  ): Promise<Log[]> {
    const addresses = queryAddresses(query);
    if (!addresses) return [];
    const chainId = client.chain?.id ?? 0;
    const topics = queryTopics(query);
    const body = {
      chainId,
      fromBlock: (query.fromBlock ?? 0n).toString(),
      ...(query.toBlock !== undefined && { toBlock: query.toBlock.toString() }),
      ...(addresses.length && { address: addresses }),
      topics,
      // the index's newest n: the page, however long the history (a look-alike dropped below is asked for again)
      ...(newest !== null && { newest: Math.min(newest, MAX_NEWEST) }),
    };
    const [head, first] = await Promise.all([
      query.toBlock ?? client.getBlockNumber({ cacheTime: 0 }),
      this.ask(body),
    ]);
    let answer = first;
    // further behind than the blocks a read may top up from the chain: wait for the index to catch up
    const deadline = Date.now() + this.index.waitMs;
    if (head - BigInt(answer.indexedToBlock) > this.index.maxLagBlocks && Date.now() < deadline) {
      this.indexStats.waits++;
      do {
        await new Promise((r) => setTimeout(r, 150));
        answer = await this.ask(body);
      } while (head - BigInt(answer.indexedToBlock) > this.index.maxLagBlocks && Date.now() < deadline);
    }
    this.indexStats.queries++;
    const indexedTo = BigInt(answer.indexedToBlock);
    this.indexed.set(chainId, indexedTo);
    this.rememberHead(chainId, head);
    read.head = head;
    let raw = answer.logs.filter((l) => BigInt(l.blockNumber!) <= head);
    if (head > indexedTo) {
      const lag = head - indexedTo;
      if (lag > this.index.maxLagBlocks) {
        this.indexStats.behind++;
        throw new UpstreamError(
          "index",
          `The event index is ${lag} blocks behind the chain's head (at most ${this.index.maxLagBlocks} are read from the chain); retry shortly`,
          "Index behind",
          503,
          5,
        );
      }
      // the blocks the index has not reached yet, from the chain: a page (or two, in a provider's narrow ranges)
      const start = indexedTo + 1n > (query.fromBlock ?? 0n) ? indexedTo + 1n : (query.fromBlock ?? 0n);
      if (start <= head) this.indexStats.topUps++;
      for (let from = start; from <= head; from += this.index.maxRange) {
        const to = from + this.index.maxRange - 1n < head ? from + this.index.maxRange - 1n : head;
        raw = [...raw, ...(await this.rawPage(client, addresses, topics, from, to))];
      }
    }
    const decoded = decodeKept(query, raw);
    if (query.newest === undefined) return decoded;
    // fewer than asked after decoding (another contract's look-alike logs dropped) while the index had more: ask for
    // more of them; past the index's cap, the whole history
    if (
      newest !== null &&
      decoded.length < query.newest &&
      answer.logs.length >= Math.min(newest, MAX_NEWEST)
    )
      return this.fromIndex(client, query, newest * 2 > MAX_NEWEST ? null : newest * 2);
    return decoded.slice(-query.newest);
  }

  /** The block each chain's index was complete up to at its last answer. */
  indexedTo(client: PublicClient): bigint | undefined {
    return this.indexed.get(client.chain?.id ?? 0);
  }

  private async ask(body: Record<string, unknown>): Promise<IndexAnswer> {
    let result: Awaited<ReturnType<typeof httpCall>>;
    try {
      result = await httpCall(new URL("/logs", this.index.indexUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.index.timeoutMs),
      });
    } catch (error) {
      throw new UpstreamError(
        "index",
        `The event index is unreachable (${(error as Error).message})`,
        "Index unavailable",
      );
    }
    if (result.status !== 200)
      throw new UpstreamError(
        "index",
        `The event index answered ${result.status}: ${result.text.slice(0, 200)}`,
        "Index unavailable",
        result.status === 503 ? 503 : 502,
        result.status === 503 ? 5 : undefined,
      );
    return JSON.parse(result.text) as IndexAnswer;
  }

  private async rawPage(
    client: PublicClient,
    address: Address[],
    topics: (Hex | Hex[] | null)[],
    fromBlock: bigint,
    toBlock: bigint,
  ): Promise<RpcLog[]> {
    return (await client.request({
      method: "eth_getLogs",
      params: [
        {
          ...(address.length && { address }),
          topics,
          fromBlock: `0x${fromBlock.toString(16)}`,
          toBlock: `0x${toBlock.toString(16)}`,
        },
      ],
    } as never)) as RpcLog[];
  }
}

/** eth_getLogs topics for a query: the event's selector (or several) and the indexed arguments it filters on. */
export function queryTopics(query: LogQuery): (Hex | Hex[] | null)[] {
  if ("events" in query) return [query.events.map(toEventSelector), ...query.topics];
  const encoded = encodeEventTopics({
    abi: [query.event as AbiEvent],
    eventName: query.event.name,
    args: query.args as never,
  } as never) as (Hex | Hex[] | null)[];
  // trailing "any" positions say nothing
  while (encoded.length > 1 && encoded.at(-1) === null) encoded.pop();
  return encoded;
}

/**
 * Logs decoded once: a log is the same log wherever it is read again (its block hash and index name it; a reorg
 * gives its replacement another hash), and a list read each block asks for the same history each time (a factory's
 * two hundred vaults, each with its name and symbol to decode). Kept per ABI the query decodes with, a bounded
 * number of them; what a query did not decode before is decoded together, in the order the index answered.
 */
const kept = new WeakMap<object, Map<string, Log>>();
const KEPT_LOGS = 50_000;

function decodeKept(query: LogQuery, raw: RpcLog[]): Log[] {
  const abiKey: object = "event" in query ? query.event : query.events;
  const byLog = kept.get(abiKey) ?? new Map<string, Log>();
  kept.set(abiKey, byLog);
  const keyOf = (l: { blockHash: string | null; logIndex: string | number | null }) =>
    `${l.blockHash}|${Number(l.logIndex)}`;
  const fresh = raw.filter((l) => !byLog.has(keyOf(l)));
  if (fresh.length) {
    const logs = fresh.map((l) => formatLog(l));
    const decoded = (
      "event" in query
        ? parseEventLogs({ abi: [query.event], logs, strict: false })
        : parseEventLogs({ abi: query.events, logs })
    ) as Log[];
    if (byLog.size + decoded.length > KEPT_LOGS) byLog.clear();
    // a log the ABI does not decode (another contract's look-alike) is dropped, as parseEventLogs drops it
    for (const log of decoded) byLog.set(keyOf(log), log);
  }
  return raw.flatMap((l) => byLog.get(keyOf(l)) ?? []);
}

/** an id per event ABI object (queries pass the same module-level event each time) */
const eventIds = new WeakMap<object, number>();
let eventCount = 0;

/**
 * What queries that differ only in their contract share: the chain, the event (by its ABI object, the same on every
 * call) and the rest of the query written out. A vault list asks this of every vault, so the event is not.
 */
function coalesceKey(client: PublicClient, rest: Omit<LogQuery, "address">): string {
  const { event, ...others } = rest as { event: AbiEvent } & Record<string, unknown>;
  let id = eventIds.get(event);
  if (id === undefined) {
    id = ++eventCount;
    eventIds.set(event, id);
  }
  return `${client.chain?.id}|${id}|${JSON.stringify(others, (_, v) => (typeof v === "bigint" ? v.toString() : v))}`;
}
