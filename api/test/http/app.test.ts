import { describe, expect, test } from "vitest";
import { call, testApp } from "../fixtures.ts";

const owner = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const app = testApp();

describe("validation envelope", () => {
  test("default: 422 detail names the field", async () => {
    const r = await call(app, "POST", "/v2/test/echo", {
      body: JSON.stringify({ owner: "0xabc", amount: "1", size: "1" }),
    });
    expect(r.status).toBe(422);
    expect(r.json.detail).toEqual([
      { loc: ["body", "owner"], msg: expect.stringContaining("address"), type: "value_error" },
    ]);
  });

  test("missing fields are each reported as missing", async () => {
    const r = await call(app, "POST", "/v2/test/echo", { body: "{}" });
    expect(r.status).toBe(422);
    expect(r.json.detail.map((d: any) => d.loc)).toEqual([
      ["body", "owner"],
      ["body", "amount"],
      ["body", "size"],
    ]);
    expect(r.json.detail.every((d: any) => d.type === "missing" && d.msg === "Field required")).toBe(true);
  });

  test("domain-envelope operations put the field in message", async () => {
    const r = await call(app, "POST", "/v2/testdomain/create", {
      body: JSON.stringify({ fiat_amount: "-5", destination_address: owner }),
    });
    expect(r.status).toBe(422);
    expect(r.json.error).toBe("Validation error");
    expect(r.json.message).toMatch(/^fiat_amount: /);
    expect(r.json.detail[0].loc).toEqual(["body", "fiat_amount"]);
  });

  test("domain errors keep their status and label", async () => {
    const r = await call(app, "POST", "/v2/testdomain/create", {
      body: JSON.stringify({ fiat_amount: "13", destination_address: owner }),
    });
    expect(r).toMatchObject({
      status: 402,
      json: { error: "Identity verification required", message: "Verify your identity to continue" },
    });
  });

  test("mixed-case address with a bad checksum is refused; lower case is accepted and checksummed", async () => {
    const bad = owner.replace("C51812dc", "c51812dc");
    expect(
      (
        await call(app, "POST", "/v2/test/echo", {
          body: JSON.stringify({ owner: bad, amount: 1, size: "1" }),
        })
      ).json.detail[0].msg,
    ).toMatch(/checksum/);
    const ok = await call(app, "POST", "/v2/test/echo", {
      body: JSON.stringify({ owner: owner.toLowerCase(), amount: 1, size: "1" }),
    });
    expect(ok.json.owner).toBe(owner);
  });
});

describe("numbers are never rounded", () => {
  test("amount unions keep every digit, exponents are expanded exactly", async () => {
    const body =
      '{"owner":"' +
      owner +
      '","amount":0.123456789012345678901,"size":"1.5","id":340282366920938463463374607431768211455}';
    const r = await call(app, "POST", "/v2/test/echo", { body });
    expect(r.json).toMatchObject({
      amount: "0.123456789012345678901",
      id: "340282366920938463463374607431768211455",
    });
    const e = await call(app, "POST", "/v2/test/echo", {
      body: `{"owner":"${owner}","amount":1.5e3,"size":"1"}`,
    });
    expect(e.json.amount).toBe("1500");
  });

  test.each([["0"], ["-1"], ["1e5"], ["NaN"], ["abc"], ["1.234"], [""]])(
    "size %j is a 422 on size",
    async (size) => {
      const r = await call(app, "POST", "/v2/test/echo", {
        body: JSON.stringify({ owner, amount: "1", size }),
      });
      expect(r.status).toBe(422);
      expect(r.json.detail[0].loc).toEqual(["body", "size"]);
    },
  );
});

describe("transport-level errors", () => {
  test("malformed JSON is 422 json_invalid with the position", async () => {
    const r = await call(app, "POST", "/v2/test/echo", { body: '{"owner": ' });
    expect(r.status).toBe(422);
    expect(r.json.detail[0]).toMatchObject({ loc: ["body", expect.any(Number)], type: "json_invalid" });
  });

  test("deeply nested JSON is refused, not a stack overflow", async () => {
    const r = await call(app, "POST", "/v2/test/echo", {
      body: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
    });
    expect(r.status).toBe(422);
    const small = await call(app, "POST", "/v2/test/echo", {
      body: `${"[".repeat(5000)}${"]".repeat(5000)}`,
    });
    expect(small.status).toBe(422);
  });

  test("empty body is 422 body missing", async () => {
    const r = await call(app, "POST", "/v2/test/echo", { body: "" });
    expect(r).toMatchObject({ status: 422, json: { detail: [{ loc: ["body"], type: "missing" }] } });
  });

  test("oversized body is 413", async () => {
    const r = await call(app, "POST", "/v2/test/echo", {
      body: JSON.stringify({ owner, amount: "1", size: "1", pad: "x".repeat(300_000) }),
    });
    expect(r.status).toBe(413);
    expect(r.json.detail).toMatch(/exceeds/);
  });

  test("non-JSON content type is 415 naming the header", async () => {
    const r = await call(app, "POST", "/v2/test/echo", {
      body: "owner=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(r.status).toBe(415);
    expect(r.json.detail[0].loc).toEqual(["header", "content-type"]);
  });

  test("unknown paths are JSON 404, including the old perpetuals prefix", async () => {
    for (const path of [
      "/v2/nope",
      "/v2/global_markets_perps/anything",
      "/v2/global_markets_perps/market_order",
      "/v1",
    ]) {
      const r = await call(app, "GET", path);
      expect(r).toMatchObject({ status: 404, json: { detail: "Not Found" } });
      expect(r.headers.get("content-type")).toContain("application/json");
    }
  });

  test("wrong method is 405 with Allow", async () => {
    const r = await call(app, "GET", "/v2/test/echo");
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
  });

  test("path and query parameters are validated and named", async () => {
    expect((await call(app, "GET", "/v2/test/items/AAPL?limit=10")).json).toEqual({
      symbol: "AAPL",
      limit: 10,
    });
    const r = await call(app, "GET", "/v2/test/items/AAPL?limit=abc");
    expect(r.json.detail[0].loc).toEqual(["query", "limit"]);
    expect((await call(app, "GET", "/v2/test/items/AAPL?limit=5001")).json.detail[0].type).toBe(
      "less_than_equal",
    );
  });

  test("an unexpected error is a 500 without internals, with a request id", async () => {
    const r = await call(app, "GET", "/v2/test/boom");
    expect(r).toMatchObject({ status: 500, json: { detail: "Internal Server Error" } });
    expect(r.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a failure after the caller went away is not a server error: 499, not a 500 logged as unhandled", async () => {
    const gone = new AbortController();
    gone.abort();
    const r = await call(app, "GET", "/v2/test/boom", { signal: gone.signal });
    expect(r).toMatchObject({ status: 499, json: { detail: "Client closed the request" } });
  });

  test("every response carries x-request-id; a sane incoming id is echoed", async () => {
    const r = await call(app, "GET", "/v2/test/items/X", { headers: { "x-request-id": "abc-123" } });
    expect(r.headers.get("x-request-id")).toBe("abc-123");
    const evil = await call(app, "GET", "/v2/test/items/X", { headers: { "x-request-id": "a\tb<script>" } });
    expect(evil.headers.get("x-request-id")).not.toContain("<");
  });
});

describe("api keys", () => {
  const secured = testApp({ COMPASS_API_KEYS: "sk_live_one,sha256:" + "0".repeat(64) });

  test("missing or wrong key is 401 with the spec's body", async () => {
    for (const headers of [{}, { "x-api-key": "nope" }] as Record<string, string>[]) {
      const r = await call(secured, "GET", "/v2/test/items/X", { headers });
      expect(r).toMatchObject({ status: 401, json: { detail: "API key missing or invalid" } });
    }
  });

  test("a configured key passes (header name is case-insensitive)", async () => {
    const r = await call(secured, "GET", "/v2/test/items/X", { headers: { "X-API-Key": "sk_live_one" } });
    expect(r.status).toBe(200);
  });

  test("production always checks keys: without any configured, every request is refused", async () => {
    const prod = testApp({ COMPASS_ENV: "production" });
    expect((await call(prod, "GET", "/v2/test/items/X")).status).toBe(401);
    expect((await call(prod, "GET", "/v2/test/items/X", { headers: { "x-api-key": "" } })).status).toBe(401);
  });
});

describe("logs", () => {
  test("behavior: JSON request logs carry the request id but never keys or bodies", async () => {
    const { default: pino } = await import("pino");
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (l: string) => lines.push(l) });
    const { createHttpApp } = await import("../../src/index.ts");
    const { loadConfig } = await import("../../src/kernel/config/env.ts");
    const { testOps } = await import("../fixtures.ts");
    const app = createHttpApp({
      config: loadConfig({ COMPASS_DEVNET_DIR: "/x", COMPASS_API_KEYS: "sk_secret_value_123" }),
      operations: testOps,
      logger,
    });
    const body = JSON.stringify({
      owner: "0xabc",
      amount: "1",
      size: "1",
      client_secret: "hunter2-credential",
    });
    const res = await app.fetch(
      new Request("http://t/v2/test/echo", {
        method: "POST",
        body,
        headers: { "x-api-key": "sk_secret_value_123", "content-type": "application/json" },
      }),
    );
    expect(res.status).toBe(422);
    const text = lines.join("\n");
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({
      reqId: res.headers.get("x-request-id"),
      method: "POST",
      path: "/v2/test/echo",
      status: 422,
    });
    expect(text).not.toContain("sk_secret_value_123");
    expect(text).not.toContain("hunter2-credential");
  });
});
