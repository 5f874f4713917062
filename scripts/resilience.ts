/**
 * `npm run resilience`: ≥ 200 hostile inputs per operation, faults injected mid-flow, a bounded load at
 * concurrency 100, access control — on a fresh stack of its own. Prints the figures; exit 1 on any failure.
 *   npm run resilience -- --quick   (the bounded form `npm test` runs)
 *   npm run resilience -- --load    (only the load at concurrency 100, with a CPU profile of the server under it)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  formatLoad,
  formatReport,
  loadMixOf,
  ROOT,
  runLoad,
  runResilience,
  startStack,
} from "@compass/testkit";
import { buildAll } from "./build.ts";

const quick = process.argv.includes("--quick");
const loadOnly = process.argv.includes("--load");
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
      nodeFlags: [
        "--expose-gc",
        ...(loadOnly ? ["--cpu-prof", `--cpu-prof-dir=${join(ROOT, "bench/results/profiles")}`] : []),
      ],
      env: { COMPASS_RATE_LIMIT: "off", LOG_LEVEL: "error", COMPASS_VALIDATE_RESPONSES: "1" },
    },
  ],
});
let ok = false;
try {
  if (loadOnly) {
    const book = JSON.parse(readFileSync(join(stack.devnet.dir, "addressbook.json"), "utf8"));
    // the chains' state snapshots stall a chain for seconds each: held off, so the profile shows the API's time
    const release = await stack.devnet.holdSnapshots();
    const load = await runLoad(stack.servers.staging!.url, loadMixOf(book), {
      seconds: 20,
      connections: 100,
    }).finally(release);
    console.log(formatLoad(load).join("\n"));
    ok = load.errors === 0 && load.non2xx === 0;
  } else {
    const report = await runResilience({
      url: stack.servers.staging!.url,
      devnetDir: stack.devnet.dir,
      perOp: quick ? 20 : 200,
      // --quick: the sample `npm test` draws (see scripts/test.ts); otherwise every systematic case
      ...(quick && {
        systematic: Number(process.env.COMPASS_FUZZ_SYSTEMATIC ?? 30),
        seed: Number(process.env.COMPASS_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31)),
      }),
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
  }
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
