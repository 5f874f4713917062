import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { matchThroughput } from "../../src/twins/venue/bench.ts";

const entry = fileURLToPath(new URL("../../src/twins/venue/main.ts", import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const dir = mkdtempSync(join(tmpdir(), "venue-main-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("main.ts", () => {
  it("starts from env, prints one ready line, and flushes its state on SIGTERM", async () => {
    const stateFile = join(dir, "venue.json");
    const child = spawn(process.execPath, ["--import", tsx, entry], {
      env: {
        ...process.env,
        VENUE_PORT: "0",
        VENUE_STATE_FILE: stateFile,
        VENUE_SEED: "main-test",
        VENUE_NETWORK: "Testnet",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", () => reject(new Error("venue exited before it was ready")));
    });
    const ready = JSON.parse(line);
    expect(ready).toMatchObject({ ready: true, network: "Testnet" });
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await fetch(`${ready.url}/health`).then((r) => r.json())).toMatchObject({
      ok: true,
      network: "Testnet",
    });
    const user = "0x00000000000000000000000000000000000000aa";
    const credited = await fetch(`${ready.url}/_twin/credit`, {
      method: "POST",
      body: JSON.stringify({ user, usd: 42, txHash: "0xabc" }),
    });
    expect(await credited.json()).toEqual({ credited: true, balance: "42.0" });
    await fetch(`${ready.url}/_twin/clock`, { method: "POST", body: JSON.stringify({ advanceMs: 60_000 }) });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const state = JSON.parse(readFileSync(stateFile, "utf8"));
    expect(state.seed).toBe("main-test");
    expect(state.accounts[user].balance).toBe(42_000_000);
    expect(state.clockOffsetMs).toBeGreaterThanOrEqual(60_000);
  });
});

describe("matching throughput", () => {
  it("matches thousands of orders per second (engine only)", () => {
    const result = matchThroughput(20_000);
    console.log(
      `venue matching: ${result.ordersPerSecond} orders/s (${result.orders} orders, ${result.fills} fills, ${result.seconds.toFixed(2)} s)`,
    );
    expect(result.fills).toBeGreaterThan(1_000);
    expect(result.ordersPerSecond).toBeGreaterThan(2_000);
  });
});
