import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createHttpApp, createServices, type HttpApp, loadConfig } from "@compass/api";
import { type DevnetHandle, roleAccount, startDevnet } from "@compass/devnet";
import { type RunningIndexer, startIndexer } from "@compass/indexer";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { alike } from "../src/live/alike.ts";
import { chainHead, growChain, populate, populateVaults, timeVaultList } from "../src/stack/mainnet-shape.ts";

/**
 * History on a chain shaped like mainnet: Ethereum with the earn protocols, grown with `anvil_mine` to ~10,000
 * blocks with the market activity spread across them, read through a provider range of 5 blocks — a direct scan
 * from a protocol's deployment is ~2,000 eth_getLogs pages, as reading Aave on the real Ethereum in pages of 10,000
 * would be. The log reader (COMPASS_INDEX=off) with its default page limit refuses such reads; with the limit
 * lifted it pages through them. The index answers them with the same figures, and no eth_getLogs once it has
 * reached the head.
 */
const PORT_BASE = Number(process.env.COMPASS_UNIT_PORT_BASE ?? 20545) + 7500;
const ROUNDS = 2;
const BLOCKS_PER_ROUND = 5_000;
const RANGE = 5;
/** accounts with a position (an Aave supply), and vaults added to the list (MetaMorpho, through its factory) */
const ACCOUNTS = 1_000;
const VAULTS = 200;

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

/** Until the index has reached the chain's head (it follows it within a poll once a burst of blocks is over). */
async function caughtUp() {
  for (let i = 0; i < 600; i++) {
    const head = Number(await chainHead(devnet.chains.ethereum!.rpcUrl));
    if ((await index.status()).chains.ethereum!.indexedToBlock >= head) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the index did not reach the head in 150 s");
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
  await devnet?.stop({ discard: true });
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

  test("default: a thousand accounts with positions — each one's history from the index, as the pages give it, at the same cost as a few", async () => {
    const indexed = app({ COMPASS_INDEX_URL: index.url });
    const paged = app({ COMPASS_INDEX: "off", COMPASS_LOGS_MAX_PAGES: "1000000" });
    const history = (user: string) =>
      `/v1/aave/historical_transactions?chain=ethereum&user_address=${user}&offset=0&limit=50`;
    const p50 = async (paths: string[]) => {
      const ms: number[] = [];
      for (const path of paths) {
        const t = performance.now();
        expect((await read(indexed, path)).status).toBe(200);
        ms.push(performance.now() - t);
      }
      return ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
    };
    const dev = devnet.addressBook.accounts.dev;
    const few = await p50(dev.slice(0, 5).map((a) => history(a.address)));
    const book = devnet.addressBook.chains.ethereum!;
    const t = performance.now();
    const { accounts } = await populate({
      rpcUrl: devnet.chains.ethereum!.rpcUrl,
      privateKey: dev[2]!.privateKey,
      aavePool: book.contracts.AavePool as `0x${string}`,
      token: devnet.addressBook.tokens!.ethereum!.USDC!.address as `0x${string}`,
      accounts: ACCOUNTS,
      amount: parseUnits("10", 6),
    });
    figures.populateAccountsSeconds = ((performance.now() - t) / 1000).toFixed(1);
    // a thousand blocks in seconds: the index catches up (meanwhile a read answers 503 with Retry-After, as a client
    // would see it)
    await caughtUp();
    expect(accounts).toHaveLength(ACCOUNTS);
    // a sample across them: the same transactions from the index as from the chain's pages
    const sample = [0, 1, 250, 500, 999].map((i) => accounts[i]!);
    for (const user of sample) {
      const [fast, slow] = await Promise.all([read(indexed, history(user)), read(paged, history(user))]);
      expect(fast.status).toBe(200);
      expect(strip(fast.body)).toEqual(strip(slow.body));
      expect(fast.body.transactions).toHaveLength(1);
      expect(fast.body.transactions[0]).toMatchObject({ action: "Supply", amount: 10 });
    }
    const many = await p50(accounts.slice(0, 25).map(history));
    figures.historyReadMs = `p50 ${few.toFixed(1)} ms before ${ACCOUNTS} accounts, ${many.toFixed(1)} ms after`;
  });

  test("default: two hundred more vaults — the list answers from the index with every one of them", async () => {
    const indexed = app({ COMPASS_INDEX_URL: index.url });
    const list = "/v2/earn/vaults?chain=ethereum&order_by=tvl_usd&limit=100";
    const p50 = () =>
      timeVaultList({ rpcUrl: devnet.chains.ethereum!.rpcUrl, read: () => read(indexed, list), caughtUp });
    const before = await p50();
    const t = performance.now();
    await populateVaults(devnet.addressBook, devnet.chains.ethereum!.rpcUrl, VAULTS);
    figures.populateVaultsSeconds = ((performance.now() - t) / 1000).toFixed(1);
    await caughtUp();
    const after = await p50();
    expect(after.total).toBeGreaterThanOrEqual(before.total + VAULTS);
    figures.vaultList =
      `${before.total} vaults p50 ${before.cold.toFixed(0)} ms cold / ${before.warm.toFixed(1)} ms warm, ` +
      `${after.total} vaults p50 ${after.cold.toFixed(0)} ms cold (${(after.cold / before.cold).toFixed(1)}×) / ` +
      `${after.warm.toFixed(1)} ms warm (${(after.warm / before.warm).toFixed(1)}×)`;
  });
});
