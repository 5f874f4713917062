import { addressBook, alike, testEnv } from "@compass/testkit/live";
import { mnemonicToAccount } from "viem/accounts";
import { afterAll, describe, expect, test } from "vitest";
import { createHttpApp, type HttpApp } from "../../../src/index.ts";
import { IndexedLogReader } from "../../../src/kernel/chain/indexed-log-reader.ts";
import { loadConfig } from "../../../src/kernel/config/env.ts";
import { createServices } from "../../../src/services.ts";

/**
 * The index answers what the log reader answers: two API instances on the same devnet and the same state, one
 * reading history from the event index (`indexer/`), the other paging eth_getLogs from each contract's deployment,
 * in pages as narrow as a public provider's (50 blocks). Every history read the index serves is asked of both; the
 * answers are equal, and the index's instance sends no eth_getLogs for history its index has reached.
 */
const { devnetDir } = testEnv();
const indexUrl = process.env.COMPASS_TEST_INDEX_URL;
/** the devnet's market activity runs as this role (devnet/src/accounts.ts: earn_operator, index 16) */
const operator = mnemonicToAccount("test test test test test test test test test test test junk", {
  addressIndex: 16,
}).address;
const apps: HttpApp[] = [];

function app(index: boolean): HttpApp {
  const config = loadConfig({
    COMPASS_DEVNET_DIR: devnetDir,
    LOG_LEVEL: "silent",
    COMPASS_RATE_LIMIT: "off",
    COMPASS_LOGS_MAX_RANGE: "50",
    COMPASS_LOGS_MAX_PAGES: "100000",
    ...(index ? { COMPASS_INDEX_URL: indexUrl } : { COMPASS_INDEX: "off" }),
  });
  const made = createHttpApp({ config, services: createServices(config) });
  apps.push(made);
  return made;
}

afterAll(async () => {
  for (const a of apps) await a.services.shared.close();
});

/** Reads whose answers come from event history, with an account that has some on the devnet. */
function historyReads(): string[] {
  const dev = addressBook().accounts.dev.map((a) => a.address);
  const reads = [
    `/v1/aave/historical_transactions?chain=arbitrum&user_address=${operator}&offset=0&limit=50`,
    `/v1/aave/avg_rate?chain=arbitrum&token=USDC&days=7`,
    `/v1/aave/std_rate?chain=arbitrum&token=USDC&days=7`,
    `/v1/morpho/markets?chain=base`,
    `/v1/generic/portfolio?chain=arbitrum&user=${operator}`,
    `/v2/earn/vaults?chain=base&order_by=tvl_usd`,
    `/v2/earn/vaults?chain=arbitrum&order_by=apy_30d`,
    `/v2/earn/aave_markets?chain=arbitrum&days=7`,
    `/v2/credit/morpho_markets?chain=base`,
  ];
  for (const owner of dev.slice(0, 6))
    reads.push(
      `/v2/earn/positions?chain=arbitrum&owner=${owner}`,
      `/v2/earn/positions?chain=base&owner=${owner}`,
      `/v2/credit/positions?chain=base&owner=${owner}`,
      `/v2/tokenized_assets/positions?owner=${owner}&chain=base`,
    );
  return reads;
}

const strip = ({ indexed_to_block: _, ...rest }: Record<string, unknown>) => rest;

async function read(a: HttpApp, path: string) {
  const r = await a.fetch(new Request(`http://t${path}`));
  return { status: r.status, body: await r.json() };
}

/** The index has backfilled (it starts beside the stack's first tests). */
async function indexReady() {
  for (let i = 0; i < 600; i++) {
    if ((await fetch(`${indexUrl}/ready`).catch(() => undefined))?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the index at ${indexUrl} did not finish its backfill in 150 s`);
}

describe.skipIf(!indexUrl)("history from the event index", () => {
  test("default: every history read answers the same from the index as from eth_getLogs pages, on the same state", async () => {
    await indexReady();
    const [indexed, paged] = [app(true), app(false)];
    const answers: Record<string, any> = {};
    for (const path of historyReads()) {
      // both at once, so figures that move with the clock (interest, caps) are read at the same moment; again if the
      // chain moved between them
      let [a, b] = await Promise.all([read(indexed, path), read(paged, path)]);
      for (let i = 0; i < 3 && JSON.stringify(strip(a.body)) !== JSON.stringify(strip(b.body)); i++)
        [a, b] = await Promise.all([read(indexed, path), read(paged, path)]);
      expect({ path, status: a.status }).toEqual({ path, status: 200 });
      expect({ path, status: b.status }).toEqual({ path, status: 200 });
      // the same figures; each says up to which block its history is complete (the index's, or the head). A figure
      // that accrues by the second may differ in its last digits: each server keeps a block's vault list as its first
      // read of that block saw it, a moment apart from the other's
      const { indexed_to_block: _a, ...figures } = a.body;
      const { indexed_to_block: _b, ...direct } = b.body;
      expect({ path, body: alike(figures, direct) }).toEqual({ path, body: direct });
      answers[path] = a.body;
    }
    // not a comparison of empty answers: the market activity's account has weeks of Aave history to read
    const history = answers[historyReads()[0]!];
    expect(history.transactions.length).toBeGreaterThan(10);
    expect(Number(history.indexed_to_block.arbitrum)).toBeGreaterThan(0);
    const logs = indexed.services.chains.logs;
    expect(logs).toBeInstanceOf(IndexedLogReader);
    expect((logs as IndexedLogReader).indexStats.queries).toBeGreaterThan(0);
    // (a read falls back to the chain's pages only when the index stays behind for longer than the reader waits)
    expect((logs as IndexedLogReader).indexStats.queries).toBeGreaterThan(
      (logs as IndexedLogReader).indexStats.fallbacks,
    );
    // the paged instance read its history in pages of 50 blocks
    expect(paged.services.chains.logs.stats.pages).toBeGreaterThan(20);
  }, 240_000);

  // After a burst of blocks (the tests mine many) the index's checkpoint trails the head for a moment by more than
  // COMPASS_INDEX_MAX_LAG_BLOCKS (75 against 64 seen): the reader waits for it (COMPASS_INDEX_WAIT_MS) rather than
  // paging the chain.
  test("default: once the index has reached the head, a history read sends no eth_getLogs", async () => {
    const indexed = app(true);
    const logs = indexed.services.chains.logs as IndexedLogReader;
    const path = `/v1/aave/historical_transactions?chain=arbitrum&user_address=${operator}&offset=0&limit=50`;
    // wait for the index to reach the chain's head (it follows it within a poll)
    for (let i = 0; i < 50; i++) {
      const before = logs.stats.pages;
      expect((await read(indexed, path)).status).toBe(200);
      if (logs.stats.pages === before && logs.indexStats.topUps === 0) break;
      logs.indexStats.topUps = 0;
      await new Promise((r) => setTimeout(r, 200));
    }
    const pages = logs.stats.pages;
    const topUps = logs.indexStats.topUps;
    for (let i = 0; i < 5; i++) expect((await read(indexed, path)).status).toBe(200);
    expect({ pages: logs.stats.pages, why: logs.indexStats.lastFallback }).toEqual({ pages, why: "" });
    expect(logs.indexStats.topUps).toBe(topUps);
  });
});
