import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createPublicClient,
  custom,
  encodeAbiParameters,
  encodeEventTopics,
  type Hex,
  type PublicClient,
  padHex,
  parseAbiItem,
  type RpcLog,
  toHex,
} from "viem";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { IndexedLogReader, queryTopics } from "../../../src/kernel/chain/indexed-log-reader.ts";
import { LogReader } from "../../../src/kernel/chain/log-reader.ts";
import { type ApiError, UpstreamError } from "../../../src/kernel/errors.ts";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
const TOKEN = "0x00000000000000000000000000000000000000aa" as const;
const ALICE = "0x00000000000000000000000000000000000a11ce" as const;
const BOB = "0x0000000000000000000000000000000000000b0b" as const;

/** A Transfer log at `block`, RPC-shaped. */
function transfer(block: number, to: Hex, value: bigint, logIndex = 0): RpcLog {
  const topics = encodeEventTopics({
    abi: [TRANSFER],
    eventName: "Transfer",
    args: { from: BOB, to },
  }) as Hex[];
  return {
    address: TOKEN,
    blockHash: padHex(toHex(block), { size: 32 }),
    blockNumber: toHex(block),
    data: encodeAbiParameters([{ type: "uint256" }], [value]),
    logIndex: toHex(logIndex),
    transactionHash: padHex(toHex(block * 1000 + logIndex), { size: 32 }),
    transactionIndex: "0x0",
    removed: false,
    topics: topics as [Hex, ...Hex[]],
  };
}

/** The chain: every log, its head, and the eth_getLogs calls it served (topics matched like a node would). */
const chain = {
  head: 1_000,
  logs: [
    transfer(10, ALICE, 1n),
    transfer(500, BOB, 2n),
    transfer(990, ALICE, 3n),
    transfer(1_000, ALICE, 4n),
  ],
  getLogs: [] as { fromBlock: number; toBlock: number }[],
};
function matches(log: RpcLog, topics: (Hex | Hex[] | null)[]): boolean {
  return topics.every(
    (t, i) => t === null || (Array.isArray(t) ? t.includes(log.topics[i]!) : log.topics[i] === t),
  );
}
const client = createPublicClient({
  chain: mainnet,
  transport: custom({
    async request({ method, params }: { method: string; params: any }) {
      if (method === "eth_blockNumber") return toHex(chain.head);
      if (method === "eth_getLogs") {
        const [{ fromBlock, toBlock, topics }] = params;
        const range = { fromBlock: Number(fromBlock), toBlock: Number(toBlock) };
        chain.getLogs.push(range);
        return chain.logs.filter(
          (l) =>
            Number(l.blockNumber) >= range.fromBlock &&
            Number(l.blockNumber) <= range.toBlock &&
            matches(l, topics),
        );
      }
      throw new Error(`unexpected ${method}`);
    },
  }),
}) as PublicClient;

/** The index: follows the chain up to `indexedTo`; answers 503 when `down`. */
const index = { indexedTo: 995, down: false, bodies: [] as any[] };
let server: Server;
let url: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (index.down) return void res.writeHead(503).end("Historical indexing is not complete.");
      const q = JSON.parse(body);
      index.bodies.push(q);
      const to = Math.min(index.indexedTo, q.toBlock === undefined ? Infinity : Number(q.toBlock));
      const logs = chain.logs.filter(
        (l) =>
          Number(l.blockNumber) >= Number(q.fromBlock) &&
          Number(l.blockNumber) <= to &&
          (!q.address || q.address.includes(l.address)) &&
          matches(l, q.topics),
      );
      res.writeHead(200, { "content-type": "application/json" });
      const answer = q.newest === undefined ? logs : logs.slice(-q.newest);
      res.end(JSON.stringify({ indexedToBlock: String(index.indexedTo), logs: answer }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const options = { maxRange: 10_000n, finality: 64n, maxPages: 500 };
const reader = () =>
  new IndexedLogReader({ ...options, indexUrl: url, maxLagBlocks: 64n, waitMs: 0, timeoutMs: 2_000 });

describe("IndexedLogReader", () => {
  test("default: the same logs and decoding as the log reader, the blocks the index has not reached read from the chain in one page", async () => {
    chain.getLogs = [];
    const query = { event: TRANSFER, args: { to: ALICE }, fromBlock: 0n };
    const fromIndex = await reader().getLogs(client, query);
    const pagesFromIndex = chain.getLogs;
    chain.getLogs = [];
    const direct = await new LogReader(options).getLogs(client, query);
    expect(fromIndex).toEqual(direct);
    expect(fromIndex.map((l: any) => l.args.value)).toEqual([1n, 3n, 4n]);
    // only the top-up: blocks 996..1000, which the index had not reached
    expect(pagesFromIndex).toEqual([{ fromBlock: 996, toBlock: 1_000 }]);
    // the index was asked with the event's selector and the `to` topic, from the block asked
    expect(index.bodies.at(-1)).toMatchObject({ chainId: 1, fromBlock: "0", topics: queryTopics(query) });
  });

  test("parameters: newest — the index is asked for the page only; the blocks it has not reached come first", async () => {
    chain.getLogs = [];
    const query = { event: TRANSFER, args: { to: ALICE }, fromBlock: 0n, newest: 2 };
    const logs = await reader().getLogs(client, query);
    // 990 from the index (its newest two: 10 and 990), 1000 from the top-up
    expect(logs.map((l: any) => l.args.value)).toEqual([3n, 4n]);
    expect(index.bodies.at(-1)).toMatchObject({ newest: 2 });
    expect(chain.getLogs).toEqual([{ fromBlock: 996, toBlock: 1_000 }]);
    expect(await new LogReader(options).getLogs(client, query)).toEqual(logs);
  });

  test("behavior: newest — a look-alike log the decoding drops is made up by asking the index for more", async () => {
    index.indexedTo = chain.head;
    // an ERC-721 Transfer (the id indexed, no data) after Alice's last ERC-20 one: the same topic0 and topics
    const lookAlike = { ...transfer(1_000, ALICE, 0n, 1), data: "0x" as Hex };
    lookAlike.topics = [...lookAlike.topics, padHex("0x07", { size: 32 })] as [Hex, ...Hex[]];
    chain.logs.push(lookAlike);
    try {
      index.bodies = [];
      const logs = await reader().getLogs(client, {
        address: TOKEN,
        events: [TRANSFER],
        topics: [null, padHex(ALICE, { size: 32 })],
        newest: 1,
      });
      expect(logs.map((l: any) => l.args.value)).toEqual([4n]);
      expect(index.bodies.map((b) => b.newest)).toEqual([1, 2]);
    } finally {
      chain.logs.pop();
      index.indexedTo = 995;
    }
  });

  test("behavior: one event asked of many contracts at once is one index query, split back by contract", async () => {
    index.indexedTo = chain.head;
    const OTHER = "0x00000000000000000000000000000000000000bb" as const;
    chain.logs.push({ ...transfer(700, ALICE, 9n), address: OTHER });
    try {
      index.bodies = [];
      const r = reader();
      const [a, b] = await Promise.all([
        r.getLogs(client, { address: TOKEN, event: TRANSFER, fromBlock: 0n }),
        r.getLogs(client, { address: OTHER, event: TRANSFER, fromBlock: 0n }),
      ]);
      expect(index.bodies).toHaveLength(1);
      expect(index.bodies[0].address).toEqual([TOKEN, OTHER]);
      expect(a.map((l: any) => l.args.value)).toEqual([1n, 2n, 3n, 4n]);
      expect(b.map((l: any) => l.args.value)).toEqual([9n]);
    } finally {
      chain.logs.pop();
      index.indexedTo = 995;
    }
  });

  test("default: an index that has reached the head costs no eth_getLogs at all, whatever the history's length", async () => {
    index.indexedTo = chain.head;
    chain.getLogs = [];
    const r = reader();
    const logs = await r.getLogs(client, { address: TOKEN, event: TRANSFER });
    expect(logs).toHaveLength(4);
    expect(chain.getLogs).toEqual([]);
    expect(r.indexedTo(client)).toBe(1_000n);
    expect(r.lastHead(client)).toBe(1_000n);
    index.indexedTo = 995;
  });

  test("behavior: an index further behind than the bound, down or unreachable: the chain's pages answer while the history is short enough", async () => {
    const query = { event: TRANSFER, args: { to: ALICE }, fromBlock: 0n };
    const direct = await new LogReader(options).getLogs(client, query);
    for (const setup of [() => (index.indexedTo = 900), () => (index.down = true)]) {
      setup();
      const r = reader();
      expect(await r.getLogs(client, query)).toEqual(direct);
      expect(r.indexStats.fallbacks).toBe(1);
      index.indexedTo = 995;
      index.down = false;
    }
    const gone = new IndexedLogReader({
      ...options,
      indexUrl: "http://127.0.0.1:9",
      maxLagBlocks: 64n,
      waitMs: 0,
      timeoutMs: 500,
    });
    expect(await gone.getLogs(client, query)).toEqual(direct);
  });

  test("behavior: a history too long to page through while the index cannot answer is the index's 503 with Retry-After, never a short answer", async () => {
    // pages of 10 blocks: 101 of them for blocks 0..1000, more than the 20 allowed
    const tight = { maxRange: 10n, finality: 64n, maxPages: 20 };
    const query = { event: TRANSFER, args: { to: ALICE }, fromBlock: 0n };
    index.indexedTo = 900;
    const behind = await new IndexedLogReader({
      ...tight,
      indexUrl: url,
      maxLagBlocks: 64n,
      waitMs: 0,
      timeoutMs: 2_000,
    })
      .getLogs(client, query)
      .catch((e) => e);
    index.indexedTo = 995;
    expect(behind).toBeInstanceOf(UpstreamError);
    expect((behind as UpstreamError).status).toBe(503);
    expect((behind as UpstreamError).retryAfter).toBe(5);
    expect((behind as ApiError).message).toMatch(/100 blocks behind/);
    index.down = true;
    const down = await new IndexedLogReader({
      ...tight,
      indexUrl: url,
      maxLagBlocks: 64n,
      waitMs: 0,
      timeoutMs: 2_000,
    })
      .getLogs(client, query)
      .catch((e) => e);
    index.down = false;
    expect((down as UpstreamError).status).toBe(503);
    const gone = await new IndexedLogReader({
      ...tight,
      indexUrl: "http://127.0.0.1:9",
      maxLagBlocks: 64n,
      waitMs: 0,
      timeoutMs: 500,
    })
      .getLogs(client, query)
      .catch((e) => e);
    expect((gone as UpstreamError).status).toBe(502);
    expect((gone as UpstreamError).label).toBe("Index unavailable");
  });

  test("behavior: an index a burst of blocks put behind the bound is waited for, up to waitMs, rather than paged around", async () => {
    const query = { event: TRANSFER, args: { to: ALICE }, fromBlock: 0n };
    const direct = await new LogReader(options).getLogs(client, query);
    index.indexedTo = 900;
    chain.getLogs = [];
    const catchUp = setTimeout(() => (index.indexedTo = chain.head), 400);
    const r = new IndexedLogReader({
      ...options,
      indexUrl: url,
      maxLagBlocks: 64n,
      waitMs: 5_000,
      timeoutMs: 2_000,
    });
    const started = performance.now();
    expect(await r.getLogs(client, query)).toEqual(direct);
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    expect(r.indexStats).toMatchObject({ waits: 1, fallbacks: 0, topUps: 0 });
    expect(chain.getLogs).toEqual([]);
    clearTimeout(catchUp);
    // one that does not catch up within the wait is the 503 (or the chain's pages, while they are few enough)
    index.indexedTo = 900;
    const short = new IndexedLogReader({
      ...options,
      indexUrl: url,
      maxLagBlocks: 64n,
      waitMs: 300,
      timeoutMs: 2_000,
    });
    expect(await short.getLogs(client, query)).toEqual(direct);
    expect(short.indexStats).toMatchObject({ waits: 1, behind: 1, fallbacks: 1 });
    index.indexedTo = 995;
  });

  test("parameters: the blocks the index has not reached are read in the provider's range, page by page", async () => {
    chain.getLogs = [];
    const narrow = new IndexedLogReader({
      ...options,
      maxRange: 2n,
      indexUrl: url,
      maxLagBlocks: 64n,
      waitMs: 0,
      timeoutMs: 2_000,
    });
    const logs = await narrow.getLogs(client, { event: TRANSFER, args: { to: ALICE }, fromBlock: 0n });
    expect(logs.map((l: any) => l.args.value)).toEqual([1n, 3n, 4n]);
    expect(chain.getLogs).toEqual([
      { fromBlock: 996, toBlock: 997 },
      { fromBlock: 998, toBlock: 999 },
      { fromBlock: 1_000, toBlock: 1_000 },
    ]);
  });

  test("default: several events in one query keep the log reader's topic layout", () => {
    const a = parseAbiItem(
      "event Supply(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets, uint256 shares)",
    );
    const id = padHex("0x01", { size: 32 });
    expect(queryTopics({ events: [a], topics: [id] })).toEqual([[encodeEventTopics({ abi: [a] })[0]], id]);
  });
});
