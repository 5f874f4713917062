/**
 * `npm run bench`: speed and size figures as ratios against baselines measured in the same run.
 * Prints a table and writes bench/results/latest.json.   npm run bench -- --only=http-mounts,cold-start
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type BenchRow, SECTIONS } from "@compass/bench";
import { MARKET_HISTORY } from "@compass/devnet";
import { ROOT, startStack } from "@compass/testkit";
import { buildAll } from "./build.ts";

const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",");
const portBase = Number(process.env.COMPASS_BENCH_PORT_BASE ?? 22545);
const dir = join(ROOT, ".bench-devnet");
process.env.NEXT_TELEMETRY_DISABLED = "1";

await buildAll({ log: console.log });
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
const stack = await startStack({
  dir,
  portBase,
  // the weeks of market history `npm start` has: rate windows read real pages of events
  marketHistory: MARKET_HISTORY,
  servers: [
    {
      name: "staging",
      port: portBase + 55,
      // throughput is the figure: a per-caller rate limit would cap it
      env: { COMPASS_ENV: "staging", LOG_LEVEL: "info", COMPASS_RATE_LIMIT: "off" },
      // its access log goes to a file, as a deployment's to a collector: not parsed by this load-generating process
      logFile: join(ROOT, "bench/results/staging-server.log"),
      // the load's leak check collects garbage between rounds (/healthz?gc=1)
      nodeFlags: ["--expose-gc"],
    },
  ],
});
const rows: BenchRow[] = [];
// a section that fails is reported (and fails the run) without costing the sections after it their figures
const failed: string[] = [];
try {
  for (const section of SECTIONS.filter((s) => !only || only.includes(s.name))) {
    console.log(`\n▶ ${section.name}`);
    const t = performance.now();
    try {
      rows.push(
        ...(await section.run({ stack, url: stack.servers.staging!.url, root: ROOT, log: console.log })),
      );
    } catch (error) {
      console.error(`✘ ${section.name}: ${(error as Error).stack ?? error}`);
      failed.push(section.name);
      rows.push({
        section: section.name,
        metric: `${section.name}: failed`,
        value: String((error as Error).message).slice(0, 200),
      });
    }
    console.log(`  (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}

const width = Math.max(...rows.map((r) => r.metric.length));
console.log(`\n${"metric".padEnd(width)}  ${"value".padStart(12)}  notes`);
for (const r of rows)
  console.log(
    `${r.metric.padEnd(width)}  ${`${r.value}${r.unit ? ` ${r.unit}` : ""}`.padStart(12)}  ${r.note ?? ""}`,
  );
mkdirSync(join(ROOT, "bench/results"), { recursive: true });
const out = {
  at: new Date().toISOString(),
  node: process.version,
  cpus: (await import("node:os")).cpus().length,
  rows,
};
writeFileSync(join(ROOT, "bench/results/latest.json"), `${JSON.stringify(out, null, 2)}\n`);
console.log("\nwrote bench/results/latest.json");
if (failed.length) {
  console.error(`\n✘ failed sections: ${failed.join(", ")}`);
  process.exitCode = 1;
}
