import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createHttpApp, createServices, type HttpApp, loadConfig } from "@compass/api";
import { type DevnetHandle, roleAccount, startDevnet } from "@compass/devnet";
import { INDEXED_SELECTORS, startIndexer } from "@compass/indexer";
import { chainHead, growChain, populateVaults, timeVaultList } from "@compass/testkit/stack";
import type { BenchRow, BenchSection } from "../types.ts";
import { percentile, timeInterleaved, timeSequential } from "../util.ts";

const SECTION = "event-index";
/** a provider's eth_getLogs range, narrow so that the log reader's pages show on a devnet */
const RANGE = 10;

/** Bytes under `path`. */
function diskBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((n, e) => n + diskBytes(join(path, e)), 0);
}

/** Resident memory of a process, MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Math.round(Number(line?.match(/\d+/)?.[0] ?? 0) / 1024);
}

/**
 * The event index (issue 31) on a devnet of its own: Ethereum with the earn protocols, its history read once at the
 * bootstrap's height (1×) and once grown with `anvil_mine` and the market activity to 100× that height. At each
 * height a fresh index backfills it (blocks/s, events/s), and one history read — the market activity account's
 * Aave history, from the pool's deployment — is timed against a token balance read in the same app: flat from 1× to
 * 100× when the index answers, linear in the height when eth_getLogs pages do. Also: RPC pages per read (0 from
 * the index), storage per million events, the indexer's memory; the vault list's p50 with two hundred more vaults
 * against the devnet's few, cold and warm.
 */
export const eventIndex: BenchSection = {
  name: SECTION,
  async run({ log }) {
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number | string, unit?: string, note?: string) =>
      rows.push({ section: SECTION, metric, value, unit, note });
    const dir = mkdtempSync(join(tmpdir(), "compass-bench-index-"));
    // clear of the bench stack's ports (its base + up to ~250)
    const portBase = Number(process.env.COMPASS_BENCH_PORT_BASE ?? 22545) + 3000;
    let devnet: DevnetHandle | undefined;
    const apps: HttpApp[] = [];
    try {
      devnet = await startDevnet({
        dir: join(dir, "devnet"),
        portBase,
        chains: ["ethereum"],
        twins: [],
        snapshots: false,
      });
      const rpcUrl = devnet.chains.ethereum!.rpcUrl;
      const head = () => chainHead(rpcUrl);
      const operator = roleAccount("earn_operator").address;
      const history = `/v1/aave/historical_transactions?chain=ethereum&user_address=${operator}&offset=0&limit=50`;
      const balance = `/v1/token/balance?chain=ethereum&token=USDC&user=${operator}`;
      const read = async (a: HttpApp, path: string) => {
        const r = await a.fetch(new Request(`http://bench${path}`));
        if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
        await r.arrayBuffer();
      };
      const app = (env: Record<string, string>) => {
        const config = loadConfig({
          COMPASS_DEVNET_DIR: dirname(devnet!.addressBookPath),
          LOG_LEVEL: "silent",
          COMPASS_RATE_LIMIT: "off",
          COMPASS_LOGS_MAX_RANGE: String(RANGE),
          COMPASS_LOGS_MAX_PAGES: "1000000",
          ...env,
        });
        const made = createHttpApp({ config, services: createServices(config) });
        apps.push(made);
        return made;
      };

      const measure = async (label: string) => {
        const height = Number(await head());
        const started = performance.now();
        const index = await startIndexer({
          dir: join(dir, `index-${label}`),
          addressBook: devnet!.addressBookPath,
          port: portBase + 60 + apps.length,
        });
        const backfill = (performance.now() - started) / 1000;
        try {
          const status = await index.status();
          const events = (await (
            await fetch(`${index.url}/logs`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ chainId: 1, fromBlock: "0", topics: [[...INDEXED_SELECTORS]] }),
            })
          ).json()) as { logs?: unknown[] };
          const indexed = app({ COMPASS_INDEX_URL: index.url });
          const paged = app({ COMPASS_INDEX: "off" });
          const reader = indexed.services.chains.logs as unknown as {
            stats: { pages: number };
            indexStats: { queries: number; topUps: number };
          };
          // the history read and the balance read it is compared with, in turns
          const [fromIndex, balances] = await timeInterleaved(
            [() => read(indexed, history), () => read(indexed, balance)],
            40,
            10,
          );
          const pagesBefore = paged.services.chains.logs.stats.pages;
          const fromPages = await timeSequential(() => read(paged, history), 3, 0);
          const pages = (paged.services.chains.logs.stats.pages - pagesBefore) / 3;
          const p50 = (s: number[]) => percentile(s, 50);
          log(
            `  ${label}: ${height} blocks, backfill ${backfill.toFixed(1)} s, history p50 ${p50(fromIndex).toFixed(1)} ms from the index, ${p50(fromPages).toFixed(0)} ms in ${pages.toFixed(0)} pages`,
          );
          return {
            height,
            backfill,
            events: events.logs?.length ?? 0,
            ratio: p50(fromIndex) / p50(balances),
            pagedRatio: p50(fromPages) / p50(balances),
            rpcPages: reader.stats.pages + reader.indexStats.topUps,
            pages,
            rss: rssMb(index.pid),
            disk: diskBytes(join(dir, `index-${label}`)),
            ready: status.ready,
          };
        } finally {
          await index.stop();
        }
      };

      const short = await measure("1x");
      // grow to 100× the bootstrap's height: activity each round, then empty blocks
      const rounds = 20;
      const target = short.height * 100;
      await growChain({
        rpcUrl,
        rounds,
        blocksPerRound: Math.ceil((target - short.height) / rounds),
        act: () => devnet!.advanceTime(3_600),
      });
      const tall = await measure("100x");

      // the vault list on the tall chain: the devnet's few vaults, then two hundred more (MetaMorpho, through its
      // factory), each read cold (a new block: every vault read afresh) and warm (the list shared at that head)
      const listIndex = await startIndexer({
        dir: join(dir, "index-vaults"),
        addressBook: devnet.addressBookPath,
        port: portBase + 90,
      });
      let lists: {
        before: Awaited<ReturnType<typeof timeVaultList>>;
        after: Awaited<ReturnType<typeof timeVaultList>>;
      };
      try {
        const listed = app({ COMPASS_INDEX_URL: listIndex.url });
        const caughtUp = async () => {
          for (let i = 0; i < 600; i++) {
            if ((await listIndex.status()).chains.ethereum!.indexedToBlock >= Number(await head())) return;
            await new Promise((r) => setTimeout(r, 100));
          }
          throw new Error("the index did not reach the head in 60 s");
        };
        const time = () =>
          timeVaultList({
            rpcUrl,
            caughtUp,
            // the bench's stack runs beside it on the same cores: more samples than the named step's five
            samples: 11,
            read: async () => {
              const r = await listed.fetch(
                new Request("http://bench/v2/earn/vaults?chain=ethereum&order_by=tvl_usd&limit=100"),
              );
              return { status: r.status, body: (await r.json()) as { total?: number } };
            },
          });
        await caughtUp();
        const before = await time();
        await populateVaults(devnet.addressBook, rpcUrl, 200);
        await caughtUp();
        lists = { before, after: await time() };
      } finally {
        await listIndex.stop();
      }

      row(
        "history read / balance read, index, 1× height",
        short.ratio.toFixed(2),
        "×",
        `${short.height} blocks`,
      );
      row(
        "history read / balance read, index, 100× height",
        tall.ratio.toFixed(2),
        "×",
        `${tall.height} blocks; flat: ${(tall.ratio / short.ratio).toFixed(2)}× the 1× ratio (bound 1.2×)`,
      );
      row(
        "history read / balance read, eth_getLogs pages, 1× → 100×",
        `${short.pagedRatio.toFixed(1)} → ${tall.pagedRatio.toFixed(1)}`,
        "×",
        `${short.pages.toFixed(0)} → ${tall.pages.toFixed(0)} pages of ${RANGE} blocks per read`,
      );
      row(
        "RPC eth_getLogs per history read, index at the head",
        tall.rpcPages,
        "calls",
        "after sync, 100× height",
      );
      row(
        "backfill throughput",
        Math.round(tall.height / tall.backfill),
        "blocks/s",
        `${Math.round(tall.events / tall.backfill)} events/s; ${tall.events} events over ${tall.height} blocks in ${tall.backfill.toFixed(1)} s (PGlite)`,
      );
      row(
        "index storage per million events",
        Math.round(((tall.disk / Math.max(1, tall.events)) * 1e6) / 1024 / 1024),
        "MB",
        `${(tall.disk / 1024 / 1024).toFixed(1)} MB for ${tall.events} events (PGlite directory)`,
      );
      row("indexer memory (RSS)", tall.rss, "MB", `after backfilling ${tall.height} blocks`);
      const { before, after } = lists;
      row(
        `vault list p50, cold, ${after.total} vaults / ${before.total}`,
        (after.cold / before.cold).toFixed(2),
        "×",
        `${before.cold.toFixed(1)} → ${after.cold.toFixed(1)} ms, a new block each read (bound 2×)`,
      );
      row(
        `vault list p50, warm, ${after.total} vaults / ${before.total}`,
        (after.warm / before.warm).toFixed(2),
        "×",
        `${before.warm.toFixed(1)} → ${after.warm.toFixed(1)} ms, the list shared at one head`,
      );
    } finally {
      for (const a of apps) await a.services.shared.close();
      await devnet?.stop({ discard: true });
      rmSync(dir, { recursive: true, force: true });
    }
    return rows;
  },
};
