import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createHttpApp, createServices, type HttpApp, loadConfig } from "@compass/api";
import { type DevnetHandle, roleAccount, startDevnet } from "@compass/devnet";
import { type RunningIndexer, startIndexer } from "@compass/indexer";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { growChain } from "../src/stack/mainnet-shape.ts";

/**
 * History on a chain shaped like mainnet: Ethereum with the earn protocols, grown with `anvil_mine` to ~10,000
 * blocks with the market activity spread across them, read through a provider range of 5 blocks — a direct scan
 * from a protocol's deployment is ~2,000 eth_getLogs pages, as reading Aave on the real Ethereum in pages of 10,000
 * would be. The log reader (COMPASS_INDEX=off) with its default page limit refuses such reads; with the limit
 * lifted it pages through them. The index answers them with the same figures, and no eth_getLogs once it has
 * reached the head.
 */
const PORT_BASE = Number(process.env.COMPASS_UNIT_PORT_BASE ?? 28545) + 7500;
const ROUNDS = 2;
const BLOCKS_PER_ROUND = 5_000;
const RANGE = 5;

let dir: string;
let devnet: DevnetHandle;
let index: RunningIndexer;
let height: { from: bigint; to: bigint };
const apps: HttpApp[] = [];
const figures: Record<string, number | string> = {};

function app(env: Record<string, string>): HttpApp {
  const config = loadConfig({
    COMPASS_DEVNET_DIR: dirname(devnet.addressBookPath),
    LOG_LEVEL: "silent",
    COMPASS_RATE_LIMIT: "off",
    COMPASS_LOGS_MAX_RANGE: String(RANGE),
    ...env,
  });
  const made = createHttpApp({ config, services: createServices(config) });
  apps.push(made);
  return made;
}

const strip = ({ indexed_to_block: _, ...rest }: Record<string, unknown>) => rest;

/** `a` with each decimal string replaced by `b`'s where the two differ by at most one part in a million. */
function alike(a: unknown, b: unknown): unknown {
  if (typeof a === "string" && typeof b === "string" && /^-?\d+\.\d+$/.test(a) && /^-?\d+\.\d+$/.test(b)) {
    const [x, y] = [Number(a), Number(b)];
    return Math.abs(x - y) <= Math.max(Math.abs(x), Math.abs(y)) * 1e-6 ? b : a;
  }
  if (Array.isArray(a) && Array.isArray(b)) return a.map((v, i) => alike(v, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object")
    return Object.fromEntries(
      Object.entries(a).map(([k, v]) => [k, alike(v, (b as Record<string, unknown>)[k])]),
    );
  return a;
}

async function read(a: HttpApp, path: string) {
  const r = await a.fetch(new Request(`http://t${path}`));
  return { status: r.status, body: (await r.json()) as Record<string, any> };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "compass-mainnet-shape-"));
  devnet = await startDevnet({
    dir: join(dir, "devnet"),
    portBase: PORT_BASE,
    chains: ["ethereum"],
    twins: [],
    snapshots: false,
  });
  const started = performance.now();
  // an hour of market activity (loans, supplies, swaps: ~7 s of transactions), then 5,000 blocks (~17 h at 12 s),
  // twice (the market activity is most of this test's time: more rounds spread it wider at ~7 s each)
  height = await growChain({
    rpcUrl: devnet.chains.ethereum!.rpcUrl,
    rounds: ROUNDS,
    blocksPerRound: BLOCKS_PER_ROUND,
    act: () => devnet.advanceTime(3_600),
  });
  figures.growSeconds = ((performance.now() - started) / 1000).toFixed(1);
  const indexStarted = performance.now();
  index = await startIndexer({
    dir: join(dir, "index"),
    addressBook: devnet.addressBookPath,
    port: PORT_BASE + 50,
    databaseUrl: process.env.COMPASS_INDEX_TEST_DATABASE_URL || undefined,
  });
  figures.backfillSeconds = ((performance.now() - indexStarted) / 1000).toFixed(1);
}, 300_000);

afterAll(async () => {
  for (const a of apps) await a.services.shared.close();
  await index?.stop();
  await devnet?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  console.log(`mainnet-shaped chain: ${JSON.stringify(figures)}`);
});

/** Reads that start at a protocol's deployment (or a window of days), for the market activity's account. */
const operator = roleAccount("earn_operator").address;
const READS = [
  `/v1/aave/historical_transactions?chain=ethereum&user_address=${operator}&offset=0&limit=50`,
  `/v1/morpho/markets?chain=ethereum`,
  `/v2/earn/positions?chain=ethereum&owner=${operator}`,
  `/v2/earn/vaults?chain=ethereum&order_by=tvl_usd`,
];

describe("history on a mainnet-shaped chain", { timeout: 240_000 }, () => {
  test("default: reads the log reader refuses (or pages through by the thousand) answer from the index, with the same figures and no eth_getLogs", async () => {
    expect(Number(height.to - height.from)).toBeGreaterThanOrEqual(ROUNDS * BLOCKS_PER_ROUND);
    const indexed = app({ COMPASS_INDEX_URL: index.url });
    const refused = app({ COMPASS_INDEX: "off" });
    const paged = app({ COMPASS_INDEX: "off", COMPASS_LOGS_MAX_PAGES: "1000000" });
    const reader = indexed.services.chains.logs as unknown as {
      stats: { pages: number };
      indexStats: { queries: number; topUps: number; fallbacks: number };
    };
    const pagesPerRead: number[] = [];
    for (const path of READS) {
      // the log reader with its default limit (500 pages): a 502 naming the pages it would take
      const no = await read(refused, path);
      expect({ path, status: no.status }).toEqual({ path, status: 502 });
      expect(JSON.stringify(no.body)).toMatch(/eth_getLogs pages/);

      // the log reader with the limit lifted pages through the whole history (then keeps the final pages it read)
      const before = paged.services.chains.logs.stats.pages;
      let t = performance.now();
      const first = await read(paged, path);
      const pagedMs = performance.now() - t;
      const pages = paged.services.chains.logs.stats.pages - before;
      expect({ path, status: first.status }).toEqual({ path, status: 200 });
      t = performance.now();
      let fast = await read(indexed, path);
      const indexedMs = performance.now() - t;
      expect({ path, status: fast.status }).toEqual({ path, status: 200 });
      // the same figures, read at the same moment (interest accrues by the second)
      let slow = first;
      for (let i = 0; i < 3; i++) {
        [fast, slow] = await Promise.all([read(indexed, path), read(paged, path)]);
        if (JSON.stringify(strip(fast.body)) === JSON.stringify(strip(slow.body))) break;
      }
      const { indexed_to_block: to, ...fromIndex } = fast.body;
      // figures that accrue by the second (a vault's TVL, its room under the cap) may still be a moment apart: equal
      // to one part in a million; everything else exactly
      expect({ path, body: alike(fromIndex, strip(slow.body)) }).toEqual({ path, body: strip(slow.body) });
      expect(Number(to.ethereum)).toBeGreaterThanOrEqual(Number(height.to));
      figures[path.split("?")[0]!] =
        `${pages} pages in ${pagedMs.toFixed(0)} ms paged, ${indexedMs.toFixed(0)} ms from the index`;
      pagesPerRead.push(pages);
    }
    // thousands of pages for a read from a deployment, as on a real chain (later reads reuse the final pages the
    // log reader cached)
    expect(pagesPerRead[0]).toBeGreaterThan(1_000);
    // the index had every block: not one eth_getLogs page, not one top-up, not one fallback
    expect(reader.stats.pages).toBe(0);
    expect(reader.indexStats).toMatchObject({ topUps: 0, fallbacks: 0 });
    expect(reader.indexStats.queries).toBeGreaterThan(READS.length);
    // not a comparison of empty answers: the account's Aave history spans the grown chain
    const history = (await read(indexed, READS[0]!)).body;
    expect(history.transactions.length).toBeGreaterThan(ROUNDS);
  });
});
