import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  controlRoutes,
  HttpError,
  listen,
  loadState,
  passes,
  readBody,
  readJsonBody,
  StateStore,
  saveState,
  sendJson,
  type TwinServer,
} from "../src/twins/kit/index.ts";
import { tempDir } from "./helpers.ts";

const dir = tempDir("devnet-kit");
let http: TwinServer;

beforeAll(async () => {
  http = await listen(
    async (req, res) => {
      const path = new URL(req.url ?? "/", "http://kit").pathname;
      if (path === "/echo") return sendJson(res, 200, { body: await readJsonBody(req) });
      if (path === "/small") return sendJson(res, 200, { length: (await readBody(req, 8)).length });
      if (path === "/teapot") throw new HttpError(418, "short and stout");
      throw new Error("boom");
    },
    { name: "kit-test", health: () => ({ time: 42 }), headers: { "x-twin": "kit" } },
  );
});
afterAll(async () => {
  await http?.close();
  dir.remove();
});

const post = (path: string, body: string) => fetch(`${http.url}${path}`, { method: "POST", body });

describe("twin kit: server", () => {
  it("default: answers GET /health itself, with the twin's extra fields and headers", async () => {
    const res = await fetch(`${http.url}/health`);
    expect(res.headers.get("x-twin")).toBe("kit");
    expect(await res.json()).toEqual({ ok: true, name: "kit-test", time: 42 });
  });

  it("behavior: an HttpError becomes its status with {error}; anything else a 500", async () => {
    const teapot = await fetch(`${http.url}/teapot`);
    expect([teapot.status, await teapot.json()]).toEqual([418, { error: "short and stout" }]);
    const boom = await fetch(`${http.url}/other`);
    expect([boom.status, await boom.json(), boom.headers.get("x-twin")]).toEqual([
      500,
      { error: "boom" },
      "kit",
    ]);
  });

  it("behavior: bodies over the limit are refused with 413; malformed JSON is a 400 naming the error", async () => {
    expect(await (await post("/small", "12345678")).json()).toEqual({ length: 8 });
    const big = await post("/small", "123456789");
    expect([big.status, await big.json()]).toEqual([413, { error: "request body too large" }]);
    expect(await (await post("/echo", '{"a":1}')).json()).toEqual({ body: { a: 1 } });
    expect(await (await post("/echo", "")).json()).toEqual({});
    const bad = await post("/echo", "{nope");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/JSON/);
  });
});

describe("twin kit: state", () => {
  it("default: loadState falls back to the initial state, saveState writes it atomically", () => {
    const config = { stateFile: join(dir.path, "sync", "state.json") };
    expect(loadState(config, { n: 0 })).toEqual({ n: 0 });
    saveState(config, { n: 3 });
    expect(loadState(config, { n: 0 })).toEqual({ n: 3 });
    expect(readdirSync(join(dir.path, "sync"))).toEqual(["state.json"]); // no temporary file left behind
  });

  it("behavior: StateStore debounces saves and flush() resolves once the file holds the current state", async () => {
    const path = join(dir.path, "store", "state.json");
    const state = { n: 0 };
    const store = new StateStore(path, () => state, 60_000);
    state.n = 1;
    store.markDirty();
    expect(StateStore.load(path)).toBeUndefined(); // debounced: nothing written yet
    state.n = 2;
    await store.flush();
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ n: 2 });
    expect(StateStore.load(path)).toEqual({ n: 2 });
    await store.close();
    expect(new StateStore(undefined, () => state).path).toBeUndefined(); // in memory only
  });
});

describe("twin kit: acting on devnet time", () => {
  it("behavior: passes run one after another, and a call during a pass gets a fresh pass after it", async () => {
    const clock = { t: 0 };
    const seen: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tick = passes(async () => {
      const t = clock.t; // a pass reads the time first
      if (seen.length === 0) await gate;
      seen.push(t);
    });
    const first = tick();
    await new Promise((resolve) => setTimeout(resolve, 5));
    clock.t = 3_700; // `time advance` moves the clock mid-pass, then asks for a tick
    const second = tick();
    release();
    await Promise.all([first, second]);
    expect(seen).toEqual([0, 3_700]);
  });

  it("behavior: controlRoutes answers tick, state and the twin's own controls behind its x-api-key", async () => {
    const state = { ticks: 0 };
    const controls = await listen(
      controlRoutes({ apiKey: "key" } as Parameters<typeof controlRoutes>[0], {
        tick: async () => void state.ticks++,
        state,
        ticked: () => ({ ticks: state.ticks }),
        more: async (method, path) =>
          method === "POST" && path === "/_twin/ping" ? { pong: true } : undefined,
      }),
      { name: "controls" },
    );
    const call = (method: string, path: string, key = "key") =>
      fetch(`${controls.url}${path}`, { method, headers: { "x-api-key": key } }).then(async (r) => [
        r.status,
        await r.json(),
      ]);
    try {
      expect(await call("POST", "/_twin/tick", "wrong")).toEqual([
        401,
        { error: "missing or invalid x-api-key" },
      ]);
      expect(await call("POST", "/_twin/tick")).toEqual([200, { ticks: 1 }]);
      expect(await call("GET", "/_twin/state")).toEqual([200, { ticks: 1 }]);
      expect(await call("POST", "/_twin/ping")).toEqual([200, { pong: true }]);
      expect(await call("GET", "/_twin/ping")).toEqual([404, { error: "no route for GET /_twin/ping" }]);
    } finally {
      await controls.close();
    }
  });
});
