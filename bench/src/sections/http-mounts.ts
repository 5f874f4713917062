import { spawn } from "node:child_process";
import { join } from "node:path";
import { load } from "../load.ts";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor } from "../util.ts";

/** (issue 2 §13a) the same operation through the shipped /v2 path, the Next route-handler mount, and bare node:http. */
export const httpMounts: BenchSection = {
  name: "http-mounts",
  async run({ url, root, stack, log }) {
    const port = Number(new URL(url).port);
    const env = {
      ...process.env,
      COMPASS_ENV: "staging",
      COMPASS_DEVNET_DIR: stack.devnet.dir,
      LOG_LEVEL: "info",
      // as the shipped server in this run: the mounts are compared on the work, not on 429s
      COMPASS_RATE_LIMIT: "off",
      NEXT_TELEMETRY_DISABLED: "1",
    };
    const nextPort = port + 30;
    const barePort = port + 31;
    const next = spawn(
      join(root, "node_modules/.bin/next"),
      ["start", "-p", String(nextPort), "-H", "127.0.0.1"],
      { cwd: join(root, "app"), env, stdio: "ignore" },
    );
    const bare = spawn(process.execPath, ["--import", "tsx", join(root, "bench/src/bare-server.ts")], {
      env: { ...env, PORT: String(barePort), BENCH_OP: "v1_token_balance" },
      stdio: "ignore",
    });
    try {
      await Promise.all([
        ready(`http://127.0.0.1:${nextPort}/v2/openapi.json`),
        ready(`http://127.0.0.1:${barePort}/?user=x`),
      ]);
      const user = addressBookFor(stack).accounts.dev[1]!.address;
      const cases = [
        {
          op: "GET /v1/token/balance (reads chain)",
          path: `/v1/token/balance?chain=ethereum&user=${user}&token=USDC`,
          status: 200,
        },
        {
          op: "GET /v1/token/balance → 422 (validation only)",
          path: "/v1/token/balance?chain=ethereum&user=0xabc",
          status: 422,
        },
      ];
      const rows: BenchRow[] = [];
      for (const c of cases) {
        const targets = {
          bare: `http://127.0.0.1:${barePort}`,
          shipped: url,
          next: `http://127.0.0.1:${nextPort}`,
        };
        // Targets are interleaved over rounds and the median kept, so background load hits all of them alike.
        const runs: Record<string, Awaited<ReturnType<typeof load>>[]> = { bare: [], shipped: [], next: [] };
        for (const base of Object.values(targets))
          await load(base + c.path, { seconds: 1, connections: 20, expectStatus: c.status });
        for (let round = 0; round < ROUNDS; round++) {
          for (const [name, base] of Object.entries(targets))
            runs[name]!.push(
              await load(base + c.path, { seconds: 3, connections: 50, expectStatus: c.status }),
            );
        }
        const results = Object.fromEntries(Object.entries(runs).map(([name, rs]) => [name, median(rs)]));
        for (const [name, r] of Object.entries(results))
          log(`  ${c.op} via ${name}: ${r.rps.toFixed(0)} req/s (median of ${ROUNDS})`);
        for (const [name, r] of Object.entries(results)) {
          // the ratio of each round's runs, which ran back to back, then the median: a drift of the machine
          // over the rounds (another tenant, a thermal step) moves both sides of a round alike
          const ratios = runs[name]!.map((x, i) => x.rps / runs.bare![i]!.rps).sort((a, b) => a - b);
          const ratio = ratios[Math.floor(ratios.length / 2)]!;
          rows.push({
            section: "http-mounts",
            metric: `${c.op} — ${name}`,
            value: Math.round(r.rps),
            unit: "req/s",
            note: `p50 ${r.p50} ms, p99 ${r.p99} ms, ${ratio.toFixed(2)}× bare${name === "bare" ? "" : ` (rounds ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}×)`}${r.errors + r.non2xx ? `, ${r.errors + r.non2xx} unexpected` : ""}`,
          });
        }
      }
      return rows;
    } finally {
      next.kill("SIGTERM");
      bare.kill("SIGTERM");
    }
  },
};

// five interleaved rounds: on a 2-vCPU VM one round of a target can drift ±30%
const ROUNDS = 5;

function median<T extends { rps: number }>(rs: T[]): T {
  return [...rs].sort((a, b) => a.rps - b.rps)[Math.floor(rs.length / 2)]!;
}

async function ready(u: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      await fetch(u);
      return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${u} did not come up`);
}
