import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureRedis, runScaleOut, startRedis, stop } from "@compass/testkit";
import type { BenchRow, BenchSection } from "../types.ts";

/**
 * (issue 17 §6) Two shipped servers behind Debian's nginx sharing a Redis, against one alone: throughput of the same
 * mix (chain reads and a simulated build) at concurrency 50, and a load through nginx while one instance is killed.
 * The devnet's state snapshots are held off meanwhile, as in the load section: one stalls its chain for seconds, and
 * a round it fell in measured 32–76 req/s for one instance where the rounds it missed measured ~300.
 */
export const scaleOut: BenchSection = {
  name: "scale-out",
  async run({ url, stack, log }) {
    const port = Number(new URL(url).port) + 20;
    ensureRedis();
    const redis = await startRedis(port + 5);
    const dir = mkdtempSync(join(tmpdir(), "compass-bench-scale-"));
    const release = await stack.devnet.holdSnapshots();
    try {
      const r = await runScaleOut({
        devnetDir: stack.devnet.dir,
        redisUrl: `redis://127.0.0.1:${port + 5}`,
        portBase: port,
        dir,
        seconds: 6,
        log,
      });
      const rows: BenchRow[] = [
        {
          section: "scale-out",
          metric: "one instance (baseline)",
          value: Math.round(r.throughput.one),
          unit: "req/s",
        },
        {
          section: "scale-out",
          metric: "two instances behind nginx, one Redis",
          value: Math.round(r.throughput.two),
          unit: "req/s",
          note: `${(r.throughput.two / r.throughput.one).toFixed(2)}× one instance (2 CPUs, chains and twins on them too)`,
        },
        {
          section: "scale-out",
          metric: "one instance killed under load: requests lost",
          value: r.kill.errors + r.kill.non2xx,
          unit: "requests",
          note: `of ${r.kill.requests}; rate limits shared: ${r.rateLimit.shared}, idempotent replay across instances: ${r.idempotency.replayed}`,
        },
      ];
      return rows;
    } finally {
      release();
      await stop(redis);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
