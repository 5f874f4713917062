import { startServer, stop } from "@compass/testkit/stack";
import { countingProxy, countsOf } from "../rpc-proxy.ts";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor, percentile, timeInterleaved } from "../util.ts";
import { RPC_CASES } from "./rpc-per-request.ts";

const SAMPLES = 25;

/**
 * (issue 32) What a write's `simulation` costs: the same builds from two servers of the same code beside each other,
 * one answering the simulation and one with COMPASS_SIMULATION=off (today's build, the baseline), each in front of
 * its own counting proxies. Latency in turns (a, b, a, b …) as the ratio of p50s; JSON-RPC calls per build as the
 * difference.
 */
export const simulation: BenchSection = {
  name: "simulation",
  async run({ url, stack }) {
    const book = addressBookFor(stack);
    // the builds that need no state of their own (the Earn Account's needs rpc-per-request's setup)
    const cases = RPC_CASES.filter((c) => c.init && !c.setup && /\(build/.test(c.label));
    const port = Number(new URL(url).port) + 60;
    const servers: Awaited<ReturnType<typeof startServer>>[] = [];
    const proxies: [string, Awaited<ReturnType<typeof countingProxy>>][][] = [];
    try {
      for (const [i, simulation] of ["on", "off"].entries()) {
        const mine = await Promise.all(
          Object.entries(book.chains).map(
            async ([name, c]: [string, any], j) =>
              [name, await countingProxy(c.rpcUrl, port + i * 10 + j)] as [string, any],
          ),
        );
        proxies.push(mine);
        const env: Record<string, string> = {
          COMPASS_ENV: "staging",
          LOG_LEVEL: "warn",
          COMPASS_SIMULATION: simulation,
        };
        for (const [name, p] of mine) env[`COMPASS_RPC_URL_${name.toUpperCase()}`] = p.url;
        servers.push(
          await startServer(
            { name: `sim-${simulation}`, port: port + i * 10 + 9, ui: false, env },
            stack.devnet.dir,
          ),
        );
      }
      const rows: BenchRow[] = [];
      const ratios: number[] = [];
      for (const c of cases) {
        const call = (s: number) => async () => {
          const res = await fetch(servers[s]!.url + c.path(book), c.init!(book));
          if (res.status >= 400) throw new Error(`${c.label}: HTTP ${res.status} ${await res.text()}`);
          const body = (await res.json()) as { simulation?: unknown };
          if (s === 0 && !body.simulation) throw new Error(`${c.label}: no simulation in the answer`);
          if (s === 1 && body.simulation)
            throw new Error(`${c.label}: a simulation with COMPASS_SIMULATION=off`);
        };
        // calls per build, warm: the first builds fill the caches (fees, learned tokens, token metadata)
        const calls: number[] = [];
        const trips: number[] = [];
        for (const s of [0, 1]) {
          for (let i = 0; i < 3; i++) await call(s)();
          for (const [, p] of proxies[s]!) p.reset();
          for (let i = 0; i < 5; i++) await call(s)();
          const counted = countsOf(proxies[s]!, 5);
          calls.push(counted.calls);
          trips.push(counted.requests);
        }
        const [withSim, without] = await timeInterleaved([call(0), call(1)], SAMPLES);
        const ratio = percentile(withSim!, 50) / percentile(without!, 50);
        ratios.push(ratio);
        rows.push(
          {
            section: "simulation",
            metric: `${c.label}: p50 with the simulation / without`,
            value: Number(ratio.toFixed(2)),
            unit: "×",
            note: `${percentile(withSim!, 50).toFixed(1)} ms vs ${percentile(without!, 50).toFixed(1)} ms (${SAMPLES} turns)`,
          },
          {
            section: "simulation",
            metric: `${c.label}: extra JSON-RPC calls per build`,
            value: Number((calls[0]! - calls[1]!).toFixed(2)),
            unit: "calls",
            note: `${calls[0]} with, ${calls[1]} without; round trips ${trips[0]} with, ${trips[1]} without (warm, 5 builds)`,
          },
        );
      }
      rows.push({
        section: "simulation",
        metric: "every build: the largest p50 ratio",
        value: Number(Math.max(...ratios).toFixed(2)),
        unit: "×",
        note: "target ≤ 1.2×",
      });
      return rows;
    } finally {
      await Promise.all(servers.map((s) => stop(s.child)));
      await Promise.all(proxies.flat().map(([, p]) => p.close()));
    }
  },
};
