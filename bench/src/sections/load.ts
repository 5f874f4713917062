import { join } from "node:path";
import {
  cpuLine,
  formatLoad,
  type LoadResult,
  loadMixOf,
  recordedUpstreams,
  runLoad,
  startServer,
  stop,
} from "@compass/testkit";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor } from "../util.ts";

/**
 * (issue 17 §2) The resilience mix at concurrency 100 against the shipped server (twins and anvil behind it, all on
 * this machine's two cores): throughput, p50 and p99 overall, and the operations with the slowest tails. Then the same
 * load against a second server whose chains and twins are recorded answers replayed, so the API is measured alone.
 *
 * The devnet's state snapshots are held off while the load runs: each stalls its chain while anvil serialises its
 * state (seconds, at the bench devnet's size), which no production RPC does. Their cost is its own row.
 */
export const load: BenchSection = {
  name: "load",
  async run({ url, stack, root, log }) {
    const book = addressBookFor(stack);
    const snapshots = stack.devnet.lastSnapshotMs();
    const release = await stack.devnet.holdSnapshots();
    const r = await runLoad(url, loadMixOf(book), { seconds: 12, connections: 100, rounds: 3 }).finally(
      release,
    );
    for (const line of formatLoad(r)) log(`  ${line}`);
    const rows: BenchRow[] = [
      {
        section: "load",
        metric: "mixed load at concurrency 100: throughput",
        value: Math.round(r.rps),
        unit: "req/s",
        note: `${r.requests} requests, ${r.errors} errors, ${r.non2xx} non-2xx`,
      },
      { section: "load", metric: "mixed load at concurrency 100: p50", value: r.p50, unit: "ms" },
      {
        section: "load",
        metric: "mixed load at concurrency 100: p99",
        value: r.p99,
        unit: "ms",
        note: `per round ${r.rounds.map((x) => x.p99).join(" / ")} ms; target 200; the load generator's own event loop stalled up to ${r.generatorDelay.max} ms`,
      },
    ];
    rows.push(cpuRow("mixed load at concurrency 100", r));
    for (const o of r.perOperation.slice(0, 3))
      rows.push({
        section: "load",
        metric: `  slowest tail: ${o.label}`,
        value: o.p99,
        unit: "ms p99",
        note: `p50 ${o.p50} ms, max ${o.max} ms`,
      });
    const stalls = Object.entries<number>(snapshots).sort((a, b) => b[1] - a[1]);
    rows.push({
      section: "load",
      metric: "a devnet state snapshot stalls its chain (held off during the load)",
      value: stalls[0]?.[1] ?? 0,
      unit: "ms",
      note: `the last snapshot of each chain: ${stalls.map(([c, ms]) => `${c} ${ms} ms`).join(", ")}`,
    });
    const releaseAgain = await stack.devnet.holdSnapshots();
    rows.push(...(await recordedRun(url, root, stack, book, log).finally(releaseAgain)));
    return rows;
  },
};

async function recordedRun(
  url: string,
  root: string,
  stack: any,
  book: any,
  log: (l: string) => void,
): Promise<BenchRow[]> {
  const port = Number(new URL(url).port) + 70;
  const targets: Record<string, string> = {};
  for (const [chain, c] of Object.entries<any>(book.chains)) targets[`rpc:${chain}`] = c.rpcUrl;
  for (const [twin, t] of Object.entries<any>(book.twins)) if (t?.url) targets[twin] = t.url;
  const upstreams = await recordedUpstreams(targets, port);
  const server = await startServer(
    {
      name: "recorded",
      port: port + 15,
      ui: false,
      env: { COMPASS_ENV: "staging", COMPASS_RATE_LIMIT: "off", LOG_LEVEL: "info", ...upstreams.env },
      logFile: join(root, "bench/results/recorded-server.log"),
      nodeFlags: ["--expose-gc"],
    },
    stack.devnet.dir,
  );
  try {
    const mix = loadMixOf(book);
    // record: every request of the mix, at a concurrency that leaves the upstreams unhurried
    await runLoad(server.url, mix, { seconds: 4, connections: 10, rounds: 1 });
    upstreams.replay();
    const r = await runLoad(server.url, mix, { seconds: 12, connections: 100, rounds: 3 });
    const s = upstreams.stats();
    for (const line of formatLoad(r)) log(`  ${line}`);
    log(
      `  recorded upstreams: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms; ${s.missed} of ${s.replayed + s.missed} upstream calls not in the recording`,
    );
    const misses = Object.entries(s.missedBy).sort((a, b) => b[1] - a[1]);
    if (misses.length) log(`  not in the recording: ${misses.map(([k, n]) => `${k} ×${n}`).join(", ")}`);
    return [
      {
        section: "load",
        metric: "the same load, upstreams recorded and replayed: throughput",
        value: Math.round(r.rps),
        unit: "req/s",
        note: `${r.errors} errors, ${r.non2xx} non-2xx; ${s.missed} of ${s.replayed + s.missed} upstream calls went live`,
      },
      {
        section: "load",
        metric: "the same load, upstreams recorded and replayed: p50",
        value: r.p50,
        unit: "ms",
      },
      {
        section: "load",
        metric: "the same load, upstreams recorded and replayed: p99",
        value: r.p99,
        unit: "ms",
        note: `per round ${r.rounds.map((x) => x.p99).join(" / ")} ms; target 200; generator stalled up to ${r.generatorDelay.max} ms`,
      },
      cpuRow("the same load, upstreams recorded and replayed", r),
    ];
  } finally {
    await stop(server.child);
    await upstreams.close();
  }
}

/** The API server's share of the CPU the load's processes spent, with every group's seconds in the note. */
function cpuRow(what: string, r: LoadResult): BenchRow {
  const total = r.cpu.reduce((n, g) => n + g.seconds, 0);
  const server = r.cpu.find((g) => g.group === "API server")?.seconds ?? 0;
  return {
    section: "load",
    metric: `${what}: the API server's share of the CPU spent`,
    value: total ? Math.round((100 * server) / total) : 0,
    unit: "%",
    note: cpuLine(r),
  };
}
