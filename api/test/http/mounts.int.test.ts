import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { getJson, testEnv } from "@compass/testkit/live";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * One code path, two mounts: the shipped server dispatches /v1 and /v2 straight to the registry's app;
 * a host running only Next reaches the same app through route handlers. Both must answer identically.
 */
const { url, devnetDir } = testEnv();
const root = join(import.meta.dirname, "../../..");
const port = Number(new URL(url).port) + 20;
const nextUrl = `http://127.0.0.1:${port}`;
let child: ChildProcess;

beforeAll(async () => {
  child = spawn(join(root, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: join(root, "app"),
    env: {
      ...process.env,
      COMPASS_ENV: "staging",
      COMPASS_DEVNET_DIR: devnetDir,
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${nextUrl}/v2/openapi.json`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error("next start did not come up");
});
afterAll(() => {
  child?.kill("SIGTERM");
});

describe("mount parity: shipped server vs Next route handlers", () => {
  // an address no test sends to: this file runs beside the integration step, whose transfers would otherwise move a
  // balance between the two reads
  const user = () => "0x000000000000000000000000000000000000dEaD";
  const requests = (): [string, RequestInit?][] => [
    [`/v1/token/balance?chain=ethereum&user=${user()}&token=USDC`],
    ["/v1/token/balance?chain=ethereum&user=0xabc"],
    ["/v2/global_markets_perps/market_order", { method: "POST", body: "{}" }],
    ["/v2/does/not/exist"],
    ["/v1/token/balance", { method: "POST", body: "{}" }],
    ["/v2/openapi.json"],
  ];

  test("behavior: same status, body and content type", async () => {
    for (const [path, init] of requests()) {
      const [a, b] = await Promise.all([getJson(url + path, init), getJson(nextUrl + path, init)]);
      // the document's `servers` names each server's own origin; everything else must match
      const strip = (body: any) => (path === "/v2/openapi.json" ? { ...body, servers: undefined } : body);
      expect({ path, status: b.status, body: strip(b.body) }).toEqual({
        path,
        status: a.status,
        body: strip(a.body),
      });
      expect(b.headers.get("content-type")).toContain("application/json");
      expect(b.headers.get("x-request-id")).toBeTruthy();
    }
  });
});
