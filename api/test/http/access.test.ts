import { describe, expect, test } from "vitest";
import { MemoryStore } from "../../src/kernel/store/memory-store.ts";
import { call, executions, testApp } from "../fixtures.ts";

const PK = "pk_test_widget";
const SK = "sk_test_server";
const secured = () =>
  testApp({
    COMPASS_API_KEYS: SK,
    COMPASS_PUBLISHABLE_KEYS: `${PK}@https://partner.example|https://shop.example`,
    COMPASS_RATE_LIMIT: "off",
  });

describe("publishable keys", () => {
  test("behavior: only widget operations, only from their origins, with CORS headers", async () => {
    const app = secured();
    const ok = await call(app, "GET", "/v2/test/items/X", {
      headers: { "x-api-key": PK, origin: "https://shop.example" },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    expect(ok.headers.get("vary")).toContain("Origin");
    const elsewhere = await call(app, "GET", "/v2/test/items/X", {
      headers: { "x-api-key": PK, origin: "https://evil.example" },
    });
    expect(elsewhere).toMatchObject({
      status: 403,
      json: { detail: expect.stringContaining("origin https://evil.example") },
    });
    // the refusal is readable by the page that made it (so a widget can say what is wrong); no data is
    expect(elsewhere.headers.get("access-control-allow-origin")).toBe("https://evil.example");
    const secretFromPage = await call(app, "GET", "/v2/test/items/X", {
      headers: { "x-api-key": SK, origin: "https://evil.example" },
    });
    expect(secretFromPage.status).toBe(200);
    expect(secretFromPage.headers.get("access-control-allow-origin")).toBeNull();
    const noOrigin = await call(app, "GET", "/v2/test/items/X", { headers: { "x-api-key": PK } });
    expect(noOrigin.status).toBe(403);
    const notForWidgets = await call(app, "POST", "/v2/test/echo", {
      headers: { "x-api-key": PK, origin: "https://shop.example" },
      body: "{}",
    });
    expect(notForWidgets).toMatchObject({
      status: 403,
      json: { detail: expect.stringContaining("secret key") },
    });
    const secret = await call(app, "POST", "/v2/test/echo", { headers: { "x-api-key": SK }, body: "{}" });
    expect(secret.status).toBe(422);
  });

  test("behavior: a same-origin GET (browsers send no Origin) is recognised by Sec-Fetch-Site or Referer", async () => {
    const app = testApp({
      COMPASS_API_KEYS: SK,
      COMPASS_PUBLIC_URL: "https://app.example",
      COMPASS_APP_PUBLISHABLE_KEY: "pk_test_app",
      COMPASS_RATE_LIMIT: "off",
    });
    const get = (headers: Record<string, string>) =>
      call(app, "GET", "/v2/test/items/X", { headers: { "x-api-key": "pk_test_app", ...headers } });
    expect((await get({ "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await get({ referer: "https://app.example/perpetual-trading" })).status).toBe(200);
    // another site's page cannot pass for the app: its browser says cross-site, its Referer names it
    expect((await get({ "sec-fetch-site": "cross-site", referer: "https://evil.example/" })).status).toBe(
      403,
    );
    expect((await get({ referer: "https://evil.example/" })).status).toBe(403);
    expect((await get({})).status).toBe(403);
  });

  test("behavior: preflight answers every origin; the request itself is checked", async () => {
    const app = secured();
    const pre = await app.fetch(
      new Request("http://t/v2/test/items/X", {
        method: "OPTIONS",
        headers: { origin: "https://partner.example", "access-control-request-method": "GET" },
      }),
    );
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    expect(pre.headers.get("access-control-allow-headers")).toContain("x-api-key");
    const other = await app.fetch(
      new Request("http://t/v2/test/items/X", {
        method: "OPTIONS",
        headers: { origin: "https://evil.example" },
      }),
    );
    expect(other.headers.get("access-control-allow-origin")).toBe("https://evil.example");
  });

  test("behavior: a wrong key is a 401 the page can read, in every mode — staging too", async () => {
    for (const app of [secured(), testApp()]) {
      const wrong = await call(app, "GET", "/v2/test/items/X", {
        headers: { "x-api-key": "pk_test_typo", origin: "https://shop.example" },
      });
      expect(wrong).toMatchObject({
        status: 401,
        json: {
          detail: "API key missing or invalid",
          hint: expect.stringContaining("not a key of this server"),
        },
      });
      expect(wrong.headers.get("access-control-allow-origin")).toBeTruthy();
    }
    const missing = await call(secured(), "GET", "/v2/test/items/X", {
      headers: { origin: "https://shop.example" },
    });
    expect(missing).toMatchObject({
      status: 401,
      json: { detail: "API key missing or invalid", hint: expect.stringContaining("x-api-key is missing") },
    });
    expect(missing.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    // no key at all on a server that needs none is still fine
    expect((await call(testApp(), "GET", "/v2/test/items/X")).status).toBe(200);
  });

  test("parameters: without keys (embedded default) any origin may read", async () => {
    const r = await call(testApp(), "GET", "/v2/test/items/X", {
      headers: { origin: "http://localhost:5173" },
    });
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });
});

describe("rate limits", () => {
  test("behavior: over the limit is 429 with Retry-After, in the operation's envelope, per caller", async () => {
    const app = testApp({ COMPASS_API_KEYS: `${SK},sk_other`, COMPASS_RATE_LIMIT: "3/60s" });
    for (let i = 0; i < 3; i++)
      expect((await call(app, "GET", "/v2/test/items/X", { headers: { "x-api-key": SK } })).status).toBe(200);
    const limited = await call(app, "GET", "/v2/test/items/X", { headers: { "x-api-key": SK } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.json.detail).toMatch(/Rate limit of 3 requests/);
    const domain = await call(app, "POST", "/v2/test/charge", {
      headers: { "x-api-key": SK },
      body: JSON.stringify({ amount: "1" }),
    });
    expect(domain).toMatchObject({ status: 429, json: { error: "Too many requests" } });
    expect(
      (await call(app, "GET", "/v2/test/items/X", { headers: { "x-api-key": "sk_other" } })).status,
    ).toBe(200);
  });
});

describe("idempotency keys", () => {
  const post = (app: ReturnType<typeof testApp>, body: object, key?: string) =>
    call(app, "POST", "/v2/test/charge", {
      body: JSON.stringify(body),
      headers: key ? { "idempotency-key": key } : {},
    });

  test("behavior: a retry with the same key and body replays the answer and runs once", async () => {
    const app = testApp({ COMPASS_RATE_LIMIT: "off" });
    const before = executions.count;
    const first = await post(app, { amount: "10" }, "order-1");
    const again = await post(app, { amount: "10" }, "order-1");
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(executions.count - before).toBe(1);
    const other = await post(app, { amount: "10" }, "order-2");
    expect(other.json.charge).not.toBe(first.json.charge);
  });

  test("behavior: same key with a different body is 422; concurrent retry is 409; server errors are not kept", async () => {
    const app = testApp({ COMPASS_RATE_LIMIT: "off" });
    await post(app, { amount: "10" }, "k1");
    expect((await post(app, { amount: "11" }, "k1")).status).toBe(422);
    const slow = post(app, { amount: "1", delay_ms: 300 }, "k2");
    await new Promise((r) => setTimeout(r, 50));
    expect((await post(app, { amount: "1", delay_ms: 300 }, "k2")).status).toBe(409);
    expect((await slow).status).toBe(200);
    expect((await post(app, { amount: "1", fail: true }, "k3")).status).toBe(500);
    const before = executions.count;
    await post(app, { amount: "1", fail: true }, "k3");
    expect(executions.count - before).toBe(1);
  });

  test("behavior: an over-long key is a 422 naming the header", async () => {
    const r = await post(testApp({ COMPASS_RATE_LIMIT: "off" }), { amount: "1" }, "x".repeat(300));
    expect(r).toMatchObject({ status: 422, json: { detail: [{ loc: ["header", "idempotency-key"] }] } });
  });
});

describe("memory store", () => {
  test("behavior: bounded — distinct keys beyond the cap evict the oldest", async () => {
    const store = new MemoryStore(100);
    for (let i = 0; i < 1000; i++) await store.hit(`k${i}`, 60_000);
    expect(await store.size()).toBe(100);
    await store.close();
  });

  test("behavior: expired entries are swept", async () => {
    let t = 0;
    const store = new MemoryStore(1000, () => t);
    for (let i = 0; i < 10; i++) await store.hit(`k${i}`, 1000);
    t = 2000;
    store.sweep();
    expect(await store.size()).toBe(0);
    await store.close();
  });
});
