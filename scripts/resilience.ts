/**
 * `npm run resilience`: ≥ 200 hostile inputs per operation, faults injected mid-flow, a bounded load at
 * concurrency 100, access control — on a fresh stack of its own. Prints the figures; exit 1 on any failure.
 *   npm run resilience -- --quick   (the bounded form `npm test` runs)
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { formatReport, ROOT, runResilience, startStack } from "@compass/testkit";
import { buildAll } from "./build.ts";

const quick = process.argv.includes("--quick");
const portBase = Number(process.env.COMPASS_RESILIENCE_PORT_BASE ?? 24545);
const dir = join(ROOT, ".resilience-devnet");
process.env.NEXT_TELEMETRY_DISABLED = "1";

await buildAll({ log: console.log });
rmSync(dir, { recursive: true, force: true });
const stack = await startStack({
  dir,
  portBase,
  servers: [
    {
      name: "staging",
      port: portBase + 55,
      ui: false,
      nodeFlags: ["--expose-gc"],
      env: { COMPASS_RATE_LIMIT: "off", LOG_LEVEL: "error", COMPASS_VALIDATE_RESPONSES: "1" },
    },
  ],
});
let ok = false;
try {
  const report = await runResilience({
    url: stack.servers.staging!.url,
    devnetDir: stack.devnet.dir,
    perOp: quick ? 60 : 200,
    loadSeconds: quick ? 5 : 20,
    faultPortBase: portBase + 1000,
    accessPort: portBase + 58,
    log: console.log,
  });
  const text = formatReport(report);
  console.log(`\n${text}`);
  mkdirSync(join(ROOT, "bench/results"), { recursive: true });
  writeFileSync(join(ROOT, "bench/results/resilience.json"), `${JSON.stringify(report, null, 2)}\n`);
  ok = report.ok;
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
