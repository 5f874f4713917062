/**
 * `npm test`: everything, in order — drift of generated files, typecheck, lint, builds, unit tests, story
 * tests, then a fresh devnet + twins + a staging and a production server for integration tests, every
 * client surface (SDK, CLI, MCP, Python) and Playwright in Debian's chromium.
 *
 *   npm test                     all steps
 *   npm test -- --only=unit,e2e  selected steps
 *   npm test -- --keep           leave the stack running after the tests (prints its URLs)
 *   npm test -- --only=build,stack,e2e --e2e=perpetual-trading-strict,--grep=expired
 *   npm test -- --only=stack,e2e --e2e=--project=production
 *   npm test -- --only=build,stack,integration --integration=credit-loop
 *                                vitest file filters for the integration step (comma-separated)
 *                                Playwright arguments (comma-separated): spec file filters, --grep, …
 */

import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MARKET_HISTORY } from "@compass/devnet";
import {
  ensureChromium,
  ensureNginx,
  ensurePostgres,
  ensurePython,
  ensureRedis,
  exec,
  formatReport,
  productionServerEnv,
  ROOT,
  type RunningPostgres,
  runResilience,
  SIMULATION_LEDGER,
  type Stack,
  startPostgres,
  startRedis,
  startStack,
  stop,
  TEST_KEYS,
} from "@compass/testkit";
import { buildAll, buildStorybook } from "./build.ts";

const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",");
const keep = args.includes("--keep");
const e2eArgs =
  args
    .find((a) => a.startsWith("--e2e="))
    ?.slice(6)
    .split(",")
    .filter(Boolean) ?? [];
const integrationArgs =
  args
    .find((a) => a.startsWith("--integration="))
    ?.slice(14)
    .split(",")
    .filter(Boolean) ?? [];
// the browser specs that only read (lane one's `e2e-reads`) come with the e2e step
const want = (step: string) => !only || only.includes(step) || (step === "e2e-reads" && only.includes("e2e"));

const PORT_BASE = Number(process.env.COMPASS_TEST_PORT_BASE ?? 18545);
// devnet unit tests start their own chains; keep them clear of this run's stack (and of other checkouts), and below
// the kernel's ephemeral ports (32768+): a port there can be any outgoing connection's for a moment, and a devnet
// that found its twin's port taken failed its file (four runs of fifteen)
process.env.COMPASS_UNIT_PORT_BASE ??= String(PORT_BASE + 2_000);
const STAGING_PORT = PORT_BASE + 55;
const PROD_PORT = PORT_BASE + 56;
const REDIS_PORT = PORT_BASE + 57;
const POSTGRES_PORT = PORT_BASE + 59;
const RPC_LOG_RANGE = 50;
/**
 * Browser specs that send nothing on chain and pay for nothing (pages, headers, a dev wallet connected, quotes, a
 * checkout that starts a payment at most): lane one runs them once its own steps are done, beside lane two's browser
 * specs, which send transactions and card purchases. Lane one was idle for
 * its last ~160 s while lane two's browser step ran (CI-18: lane one done at 774 s, lane two at 936 s).
 */
const E2E_READS = ["docs", "dev-wallet", "widgets-locales", "security-headers", "onramp-checkout-pages"].map(
  (n) => `tests/${n}.spec.ts`,
);
const e2eSpecs = readdirSync(join(ROOT, "e2e/tests"))
  .filter((f) => f.endsWith(".spec.ts"))
  .map((f) => `tests/${f}`);
/** `--e2e=…` picks specs itself: then they all run in lane two, as asked */
const e2eSplit = e2eArgs.length === 0;
const playwright = (name: string, specs: string[], env: Record<string, string>) =>
  npx(
    "playwright",
    ["test", "-c", "playwright.config.ts", ...specs],
    {
      ...env,
      COMPASS_E2E_REPORT: join(REPORT_DIR, `${name}.playwright.json`),
      // two at once: each its own artifacts' directory (Playwright empties it as it starts)
      COMPASS_E2E_OUTPUT: join(ROOT, "test-results", name),
    },
    join(ROOT, "e2e"),
  );

const results: { step: string; ok: boolean; seconds: number }[] = [];
// vitest also writes a JSON report per step, so the closing summary can name the failed tests: a CI log
// often keeps only the tail of a long run
const REPORT_DIR = join(ROOT, ".test-results");
rmSync(REPORT_DIR, { recursive: true, force: true });
const vitestReport = (name: string) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${join(REPORT_DIR, `${name}.json`)}`,
];
const npx = (bin: string, a: string[], env: Record<string, string> = {}, cwd = ROOT) =>
  exec(join(ROOT, "node_modules/.bin", bin), a, { env, cwd });

async function step(name: string, fn: () => Promise<unknown>): Promise<boolean> {
  if (!want(name)) return true;
  console.log(`\n▶ ${name}`);
  const t = performance.now();
  let ok: boolean;
  try {
    const code = await fn();
    ok = typeof code === "number" ? code === 0 : true;
  } catch (error) {
    console.error((error as Error).stack ?? error);
    ok = false;
  }
  const seconds = (performance.now() - t) / 1000;
  results.push({ step: name, ok, seconds });
  console.log(`${ok ? "✔" : "✘"} ${name} (${seconds.toFixed(1)} s)`);
  return ok;
}

const started = performance.now();
// the servers' error logs (an unhandled error's stack), repeated in the closing summary when a step failed:
// a 500 in a test says nothing more than "Internal Server Error"
const serverErrors: string[] = [];
let stack: Stack | undefined;
let redis: ChildProcess | undefined;
// Debian's PostgreSQL: the event index in its production mode, for the stack (both servers read it)
let postgres: RunningPostgres | undefined;
const postgresDir = join(tmpdir(), `compass-test-postgres-${process.pid}`);
const wantPostgres = ["stack", "integration", "python", "e2e", "resilience"].some(want);
const env = { NODE_ENV: "test", NEXT_TELEMETRY_DISABLED: "1", STORYBOOK_DISABLE_TELEMETRY: "1" };
Object.assign(process.env, env);

try {
  await step("prerequisites", async () => {
    if (want("e2e") || want("stories")) process.env.CHROMIUM_PATH = ensureChromium();
    if (want("python") || want("python-unit")) ensurePython();
    if (want("integration")) {
      ensureRedis();
      ensureNginx();
    }
    if (wantPostgres) {
      ensurePostgres();
      postgres = await startPostgres(postgresDir, POSTGRES_PORT);
    }
  });
  await step("generated", () =>
    exec(process.execPath, ["--import", "tsx", join(ROOT, "api/scripts/generate.ts"), "--check"]),
  );
  // biome, then the package and layer rules of boundaries.json
  await step(
    "lint",
    async () =>
      (await npx("biome", ["check", "."])) ||
      exec(process.execPath, ["--import", "tsx", join(ROOT, "scripts/lint/boundaries.ts")]),
  );
  // The static Storybook is built here with the rest (when the story tests run), so the stories step does not build
  // it again. The stack needs only the rest: a Storybook that fails to build fails this step, not the stack's.
  let stackBuilt = !want("build");
  await step("build", async () => {
    await buildAll({ log: console.log });
    stackBuilt = true;
    if (want("stories")) await buildStorybook({ log: console.log });
  });
  // after the build: the app's typecheck includes the route types each `next build` regenerates (before the lanes: in
  // one of them, beside the stack's boot, it took 77 s instead of 19)
  await step("typecheck", () => npx("tsc", ["-p", "."]));

  // Two lanes after the build. The stack's steps wait on chains, twins and timers as much as they compute: its
  // integration step kept two cores ~60% busy, the unit step's one-at-a-time devnet files about as much, and the two
  // side by side took 472 s where one after the other took ~600. Lane one: unit, stories, the Python SDK's offline
  // tests, then the resilience report against the stack (its hostile inputs only build transactions, never send
  // them). Lane two: the stack, then integration, the live Python tests and the browser.
  const needStack = ["stack", "integration", "python", "e2e", "resilience"].some(want);
  const launchStack = async () => {
    // A directory per run: a previous run's chains that are still writing their final state on the way
    // out can never touch this run's state.
    const parent = join(ROOT, ".test-devnet");
    rmSync(parent, { recursive: true, force: true });
    const dir = join(parent, `run-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    return startStack({
      dir,
      portBase: PORT_BASE,
      // chains answer eth_getLogs over at most this many blocks, like public providers (much tighter than
      // their usual 10,000, so reads page even on a young devnet)
      rpcLimit: RPC_LOG_RANGE,
      // weeks of loans, swaps and feeds behind the devnet, so rate history reads have something to read
      marketHistory: MARKET_HISTORY,
      // a stack thrown away after the run: no periodic state snapshots; a chain
      // a test stops and starts again keeps its state through anvil's own dump on a graceful stop
      snapshots: false,
      // both servers read event history from one index, on PostgreSQL (`npm start` runs it on PGlite)
      index: postgres ? { databaseUrl: postgres.database("stack_index") } : true,
      servers: [
        {
          name: "staging",
          port: STAGING_PORT,
          nodeFlags: ["--expose-gc"], // the resilience step's leak check collects before measuring
          env: {
            COMPASS_ENV: "staging",
            LOG_LEVEL: "warn",
            COMPASS_VALIDATE_RESPONSES: "1",
            COMPASS_RATE_LIMIT: "off",
          },
        },
        {
          name: "production",
          port: PROD_PORT,
          env: {
            // keys for server-side callers, the app's own pages and a partner's page; its own sponsor
            ...productionServerEnv(PROD_PORT),
            LOG_LEVEL: "warn",
            COMPASS_VALIDATE_RESPONSES: "1",
          },
        },
      ],
      log: (line) => {
        if (!/"level":(50|60)/.test(line)) return;
        console.error(line);
        serverErrors.push(line.length > 1200 ? `${line.slice(0, 1200)}…` : line);
      },
    });
  };
  let stackUp: () => void = () => {};
  const stackReady = new Promise<void>((resolve) => {
    stackUp = resolve;
  });
  let testEnv: Record<string, string> | undefined;

  const laneOne = async () => {
    // the index's own tests (parity, a reorg, a restart) on its embedded database, as `npm start` runs it; the
    // stack's index is the PostgreSQL one (COMPASS_INDEX_TEST_DATABASE_URL runs them on PostgreSQL too)
    await step("unit", () =>
      npx("vitest", ["run", "--project", "unit", "--project", "unit-heavy", ...vitestReport("unit")]),
    );
    // The story tests: the static Storybook is the build step's (which skips it when fresh); without that step
    // (`--only=stories`) it is built here, again only when stale.
    await step("stories", async () => {
      if (!want("build")) await buildStorybook({ log: console.log });
      return npx("vitest", ["run", "--config", "vitest.config.ts"], {}, join(ROOT, "stories"));
    });
    // the Python SDK's offline tests (a local stdlib server); the python step runs them again with the live ones
    await step("python-unit", () =>
      exec("python3", ["-m", "unittest", "tests.test_offline", "-v"], { cwd: join(ROOT, "python") }),
    );
    // lane two's stack (or none: not wanted, or failed)
    await stackReady;
    const env = testEnv;
    // then the resilience report against the stack (moved before the story tests, it shared the machine with
    // integration and the story tests with the browser tests: 238 s, 229 s and 485 s, a 19.5-minute run)
    if (env)
      await step("resilience", async () => {
        const report = await runResilience({
          url: env.COMPASS_TEST_URL!,
          devnetDir: env.COMPASS_DEVNET_DIR!,
          // A sample of each operation's systematic cases (every field missing and mutated): 30 of up to 300, drawn
          // afresh each run (the seed is in the report; COMPASS_FUZZ_SEED replays it), so runs together cover them
          // all; `npm run resilience` tries every one and tops up to 200 per operation. The faults, the load and
          // access control run in full.
          perOp: Number(process.env.COMPASS_FUZZ_PER_OP ?? 20),
          systematic: Number(process.env.COMPASS_FUZZ_SYSTEMATIC ?? 30),
          seed: Number(process.env.COMPASS_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31)),
          loadSeconds: 5,
          faultPortBase: PORT_BASE + 200,
          accessPort: PORT_BASE + 58,
        });
        console.log(formatReport(report));
        return report.ok ? 0 : 1;
      });
    if (env && e2eSplit) await step("e2e-reads", () => playwright("e2e-reads", E2E_READS, env));
  };

  const laneTwo = async () => {
    if (!needStack || !stackBuilt) return;
    await step("stack", async () => {
      stack = await launchStack();
    });
    if (!stack) return;
    if (want("integration")) redis = await startRedis(REDIS_PORT);
    testEnv = {
      REDIS_TEST_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      // two API instances and nginx for the scale-out test (five ports from here)
      COMPASS_TEST_SCALE_OUT_PORT: String(PORT_BASE + 70),
      COMPASS_TEST_URL: stack.servers.staging!.url,
      COMPASS_TEST_PROD_URL: stack.servers.production!.url,
      COMPASS_TEST_API_KEY: TEST_KEYS.secret,
      COMPASS_DEVNET_DIR: stack.devnet.dir,
      ...(stack.index && { COMPASS_TEST_INDEX_URL: stack.index.url }),
      ...Object.fromEntries(
        Object.entries(stack.rpcProxies).map(([chain, p]) => [
          `COMPASS_TEST_RPC_PROXY_${chain.toUpperCase()}`,
          p.url,
        ]),
      ),
    };
    const env = testEnv;
    stackUp();
    // a kept stack's environment, for running single integration files against it
    if (keep) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(
        join(REPORT_DIR, "stack.env"),
        Object.entries(env)
          .map(([k, v]) => `export ${k}=${v}`)
          .join("\n"),
      );
    }
    rmSync(SIMULATION_LEDGER, { force: true });
    const integrated = await step("integration", () =>
      npx(
        "vitest",
        ["run", "--project", "integration", ...vitestReport("integration"), ...integrationArgs],
        env,
      ),
    );
    // every write's simulation was held to the chain by the tests that sent its transactions (a filtered run
    // sends only some)
    if (integrated && integrationArgs.length === 0)
      await step("simulations", () =>
        exec(process.execPath, ["--import", "tsx", join(ROOT, "scripts/simulation-coverage.ts")], { env }),
      );
    await step("python", () =>
      exec("python3", ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"], {
        cwd: join(ROOT, "python"),
        env,
      }),
    );
    await step("e2e", () =>
      playwright("e2e", e2eSplit ? e2eSpecs.filter((s) => !E2E_READS.includes(s)) : e2eArgs, env),
    );
  };
  // lane two's stack never coming up (not wanted, or failed) releases lane one's wait
  await Promise.all([laneOne(), laneTwo().finally(() => stackUp())]);
} finally {
  if (stack && keep) {
    console.log(
      `\nstack kept running: ${Object.values(stack.servers)
        .map((s) => `${s.name} ${s.url}`)
        .join(", ")} (Ctrl-C to stop)`,
    );
    process.on("SIGINT", () =>
      stack!
        .stop()
        .then(() => stop(redis))
        .then(() => postgres?.stop())
        .then(() => process.exit(0)),
    );
  } else if (stack) await stack.stop({ discard: true }); // its directory goes at the next run
  if (!keep) {
    await stop(redis);
    await postgres?.stop();
    rmSync(postgresDir, { recursive: true, force: true });
  }
}

const total = (performance.now() - started) / 1000;
console.log(
  `\n${results.map((r) => `${r.ok ? "✔" : "✘"} ${r.step.padEnd(14)} ${r.seconds.toFixed(1).padStart(6)} s`).join("\n")}\n  total          ${total.toFixed(1).padStart(6)} s`,
);
const slowest = slowestFiles(results.map((r) => r.step)).slice(0, 10);
if (slowest.length)
  console.log(
    `\nslowest files\n${slowest.map((f) => `  ${f.seconds.toFixed(1).padStart(6)} s  ${f.step.padEnd(12)} ${f.file}`).join("\n")}`,
  );
const failed = results.filter((r) => !r.ok);
for (const r of failed) {
  const tests = [
    ...failedTests(join(REPORT_DIR, `${r.step}.json`)),
    ...failedSpecs(join(REPORT_DIR, `${r.step}.playwright.json`)),
  ];
  if (tests.length) console.log(`\n✘ ${r.step}: failed tests\n${tests.join("\n")}`);
}
// the last few, the repeats of one error once (a load test's aborted requests log the same line many times)
const distinct = [
  ...new Map(serverErrors.map((l) => [l.replace(/"(time|reqId)":"[^"]*",?/g, ""), l])).values(),
];
if (failed.length && distinct.length)
  console.log(
    `\nserver errors logged (last ${Math.min(8, distinct.length)} of ${distinct.length} distinct)\n${distinct.slice(-8).join("\n")}`,
  );
if (!keep) process.exit(failed.length ? 1 : 0);

/**
 * Every test file of the steps' reports (vitest's JSON per step, Playwright's for e2e) with its wall time, slowest
 * first: where the suite's minutes go.
 */
function slowestFiles(steps: string[]): { step: string; file: string; seconds: number }[] {
  const files: { step: string; file: string; seconds: number }[] = [];
  for (const step of steps) {
    const vitest = join(REPORT_DIR, `${step}.json`);
    if (existsSync(vitest)) {
      const report = JSON.parse(readFileSync(vitest, "utf8")) as {
        testResults: { name: string; startTime: number; endTime: number }[];
      };
      for (const f of report.testResults)
        files.push({ step, file: f.name.replace(`${ROOT}/`, ""), seconds: (f.endTime - f.startTime) / 1000 });
    }
    const playwright = join(REPORT_DIR, `${step}.playwright.json`);
    if (existsSync(playwright)) {
      type Suite = {
        title?: string;
        file?: string;
        specs?: { tests: { results: { duration: number }[] }[] }[];
        suites?: Suite[];
      };
      const byFile = new Map<string, number>();
      const walk = (suite: Suite, file: string) => {
        for (const spec of suite.specs ?? [])
          for (const test of spec.tests)
            for (const r of test.results) byFile.set(file, (byFile.get(file) ?? 0) + r.duration / 1000);
        for (const child of suite.suites ?? []) walk(child, child.file ?? file);
      };
      for (const suite of (JSON.parse(readFileSync(playwright, "utf8")) as { suites?: Suite[] }).suites ?? [])
        walk(suite, suite.file ?? suite.title ?? "");
      for (const [file, seconds] of byFile) files.push({ step, file: `e2e/tests/${file}`, seconds });
    }
  }
  return files.sort((a, b) => b.seconds - a.seconds);
}

/** The failed tests of a vitest JSON report: file, name and the first lines of the error. */
function failedTests(file: string): string[] {
  if (!existsSync(file)) return [];
  type Report = {
    testResults: {
      name: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  };
  const report = JSON.parse(readFileSync(file, "utf8")) as Report;
  const short = (m = "") => m.split("\n").slice(0, 4).join("\n      ");
  return report.testResults.flatMap((f) => {
    const where = f.name.replace(`${ROOT}/`, "");
    const tests = f.assertionResults
      .filter((t) => t.status === "failed")
      .map((t) => `  ${where} › ${t.fullName}\n      ${short(t.failureMessages[0])}`);
    // a file that failed outside any test (a hook, an import) has no failed assertion
    return tests.length || !f.message ? tests : [`  ${where}\n      ${short(f.message)}`];
  });
}

/** The failed tests of a Playwright JSON report: file, title and the first lines of the last attempt's error. */
function failedSpecs(file: string): string[] {
  if (!existsSync(file)) return [];
  type Spec = {
    title: string;
    file: string;
    tests: { results: { status: string; error?: { message?: string } }[] }[];
  };
  type Suite = { title: string; specs?: Spec[]; suites?: Suite[] };
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites?: Suite[] };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal colours Playwright puts in errors
  const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;
  const out: string[] = [];
  const walk = (suite: Suite, path: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const last = test.results.at(-1);
        if (!last || last.status === "passed" || last.status === "skipped") continue;
        const message = (last.error?.message ?? last.status).replace(ANSI_COLOUR, "");
        out.push(
          `  e2e/tests/${spec.file} › ${[...path, spec.title].join(" › ")}\n      ${message.split("\n").slice(0, 4).join("\n      ")}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return out;
}
