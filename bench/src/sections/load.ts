import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LOAD_MIX, runLoad } from "@compass/testkit";
import type { BenchRow, BenchSection } from "../types.ts";

/**
 * (issue 17 §2) The resilience mix at concurrency 100 against the shipped server (twins and anvil behind it, all on
 * this machine's two cores): throughput, p50 and p99 overall, and the operations with the slowest tails.
 */
export const load: BenchSection = {
  name: "load",
  async run({ url, stack, log }) {
    const book = JSON.parse(readFileSync(join(stack.devnet.dir, "addressbook.json"), "utf8"));
    const r = await runLoad(
      url,
      LOAD_MIX.flatMap((f) => f(book)),
      { seconds: 12, connections: 100, rounds: 3 },
    );
    log(
      `  ${r.requests} requests, ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors} errors`,
    );
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
        note: `per round ${r.rounds.map((x) => x.p99).join(" / ")} ms; target 200`,
      },
    ];
    for (const o of r.perOperation.slice(0, 3))
      rows.push({
        section: "load",
        metric: `  slowest tail: ${o.label}`,
        value: o.p99,
        unit: "ms p99",
        note: `p50 ${o.p50} ms, max ${o.max} ms`,
      });
    return rows;
  },
};
