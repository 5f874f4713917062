import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testEnv } from "@compass/testkit/live";
import { type RunningServer, startServer, stop, warmingBoard } from "@compass/testkit/stack";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * A server started by `npm start` before the devnet's market history is done and its pages are built: the launcher
 * lists what is still warming up in COMPASS_WARMING_FILE, `/healthz` says so, the API answers 503 until the history
 * is done, pages answer 503 (a page that reloads itself) until they are built, and then each is served. A second
 * server of the stack's build, on its own port.
 */
const { url, devnetDir } = testEnv();
const port = Number(new URL(url).port) + 30;
const dir = mkdtempSync(join(tmpdir(), "compass-warming-"));
const board = warmingBoard(join(dir, "warming.json"));
let server: RunningServer;
const base = `http://127.0.0.1:${port}`;

beforeAll(async () => {
  board.start("history", "the chains' market history (28 days)");
  board.start("pages", "the pages (next build)");
  server = await startServer(
    {
      name: "warming",
      port,
      env: { COMPASS_ENV: "staging", LOG_LEVEL: "warn", COMPASS_WARMING_FILE: board.file },
    },
    devnetDir,
  );
});
afterAll(async () => {
  await stop(server?.child);
  rmSync(dir, { recursive: true, force: true });
});

const BALANCE = "/v1/token/balance?chain=ethereum&user=0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("a server started while the devnet lives through its history and the pages are built", () => {
  test("behavior: /healthz lists what is warming up; the API is a 503 that says why until the history is done", async () => {
    const health = await (await fetch(`${base}/healthz`)).json();
    expect(health).toMatchObject({
      status: "ok",
      warm: false,
      warming: [{ name: "history" }, { name: "pages", what: "the pages (next build)" }],
    });
    expect(health.warming[0].running_s).toBeGreaterThanOrEqual(0);
    const early = await fetch(`${base}${BALANCE}`);
    expect(early.status).toBe(503);
    expect(early.headers.get("retry-after")).toBe("2");
    expect(await early.json()).toMatchObject({
      error: "warming_up",
      message: expect.stringContaining("market history"),
    });
    expect((await fetch(`${base}/mcp`, { method: "POST" })).status).toBe(503);
    // the document needs no chain
    expect((await fetch(`${base}/v2/openapi.json`)).status).toBe(200);

    board.done("history");
    const deadline = Date.now() + 5_000;
    let status = 503;
    while (status === 503 && Date.now() < deadline) {
      status = (await fetch(`${base}${BALANCE}`)).status;
      if (status === 503) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
  });

  test("behavior: pages are a 503 that says so while they are built; the API answers", async () => {
    const health = await (await fetch(`${base}/healthz`)).json();
    expect(health).toMatchObject({
      warm: false,
      warming: [{ name: "pages", what: "the pages (next build)" }],
    });

    const page = await fetch(`${base}/perpetual-trading`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    const html = await page.text();
    expect(html).toContain("being built (next build");
    expect(html).toContain('http-equiv="refresh"');
    const json = await fetch(`${base}/perpetual-trading`);
    expect(json.status).toBe(503);
    expect(await json.json()).toMatchObject({ error: "warming_up" });

    expect((await fetch(`${base}/v2/openapi.json`)).status).toBe(200);
  });

  test("behavior: a failed build is named, and the page stops reloading itself", async () => {
    board.fail("pages", "next build failed");
    const health = await (await fetch(`${base}/healthz`)).json();
    expect(health).toMatchObject({
      warm: false,
      warming: [],
      failed: [{ name: "pages", error: "next build failed" }],
    });
    const html = await (
      await fetch(`${base}/perpetual-trading`, { headers: { accept: "text/html" } })
    ).text();
    expect(html).toContain("could not be built (next build failed)");
    expect(html).not.toContain('http-equiv="refresh"');
  });

  test("behavior: once the build is done, the pages are served and /healthz is warm", async () => {
    board.start("pages", "next build");
    board.done("pages");
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await fetch(`${base}/perpetual-trading`, { headers: { accept: "text/html" } })).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect(await (await fetch(`${base}/healthz`)).json()).toMatchObject({ warm: true, warming: [] });
  });
});
