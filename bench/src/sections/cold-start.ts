import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, stop } from "@compass/testkit/stack";
import type { BenchRow, BenchSection } from "../types.ts";

const PROBE = "/v1/token/balance?chain=ethereum&user=0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** (issue 2 §13c) `npm start` to the first 200 of a chain read: fresh devnet state, then warm state. */
export const coldStart: BenchSection = {
  name: "cold-start",
  async run({ root, url }) {
    const dir = mkdtempSync(join(tmpdir(), "compass-coldstart-"));
    const port = Number(new URL(url).port) + 50;
    const portBase = Number(new URL(url).port) + 100;
    const rows: BenchRow[] = [];
    try {
      for (const kind of ["fresh state", "warm state"]) {
        const t0 = performance.now();
        const output: string[] = [];
        const env = {
          PORT: String(port),
          COMPASS_DEVNET_DIR: dir,
          COMPASS_DEVNET_PORT_BASE: String(portBase),
          LOG_LEVEL: "warn",
        };
        const child = run(process.execPath, ["--import", "tsx", join(root, "scripts/start.ts")], {
          cwd: root,
          env,
          onLine: (l) => output.push(l),
        });
        try {
          const ms = await firstOk(`http://127.0.0.1:${port}${PROBE}`, child, t0);
          const note =
            kind === "fresh state"
              ? "builds nothing (up to date), bootstraps 4 chains, starts twins and the app"
              : "state restored from disk";
          rows.push({
            section: "cold-start",
            metric: `npm start → first 200 (${kind})`,
            value: Math.round(ms),
            unit: "ms",
            note,
          });
        } catch (error) {
          throw new Error(`${(error as Error).message}\n${output.slice(-20).join("\n")}`);
        } finally {
          // the launcher stops the app, the worker, the twins and then each chain, which saves its state
          const stopping = performance.now();
          await stop(child, 120_000);
          console.log(
            `cold-start: ${kind}: launcher stopped in ${Math.round(performance.now() - stopping)} ms`,
          );
        }
      }
    } finally {
      // bounded: Node's retries back off linearly (120 × 500 ms is an hour of sleeping); a temp dir left
      // behind is no reason to lose the figures
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch (error) {
        console.warn(`cold-start: could not remove ${dir}: ${(error as Error).message}`);
      }
    }
    return rows;
  },
};

async function firstOk(u: string, child: ReturnType<typeof run>, t0: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error("npm start exited early");
    try {
      if ((await fetch(u)).status === 200) return performance.now() - t0;
    } catch {}
    if (performance.now() - t0 > 180_000) throw new Error("no 200 within 180 s");
    await new Promise((r) => setTimeout(r, 50));
  }
}
