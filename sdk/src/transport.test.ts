import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CompassClient } from "./client.ts";
import {
  HttpError,
  NetworkError,
  RateLimitError,
  RequestAbortedError,
  TimeoutError,
  ValidationError,
} from "./errors.ts";
import { SDK_VERSION } from "./generated/version.ts";
import { paginate } from "./paginate.ts";
import { type RequestContext, type ResponseContext, Transport } from "./transport.ts";

const POST = { id: "v2_test_create", method: "POST", path: "/v2/test/create", idempotent: false } as const;
const GET = { id: "v2_test_read", method: "GET", path: "/v2/test/read", idempotent: true } as const;

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** A fetch that answers from a script of responses and records what it was sent. */
function scripted(...answers: (Response | Error | (() => Promise<Response>))[]) {
  const seen: Seen[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ method: init.method!, url, headers: { ...(init.headers as Record<string, string>) } });
    const next = answers.shift() ?? new Response("{}");
    if (next instanceof Error) throw next;
    return typeof next === "function" ? next() : next;
  }) as unknown as typeof globalThis.fetch;
  return { seen, fetch };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const fast = { retries: 2, initialDelayMs: 1, maxDelayMs: 5 };

describe("Transport — identification", () => {
  let server: ReturnType<typeof createServer>;
  let url = "";
  const received: IncomingMessage["headers"][] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(req.headers);
      res.setHeader("content-type", "application/json");
      res.end("{}");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test("default: a real request carries User-Agent and x-compass-sdk-version compass-sdk-ts/<version>", async () => {
    await new Transport({ serverURL: url, userAgentSuffix: "my-app/1.0" }).request(GET);
    expect(SDK_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(received[0]!["user-agent"]).toBe(`compass-sdk-ts/${SDK_VERSION} my-app/1.0`);
    expect(received[0]!["x-compass-sdk-version"]).toBe(`compass-sdk-ts/${SDK_VERSION} my-app/1.0`);
  });

  test("behavior: in a browser (window and document exist) no User-Agent is set, the SDK header still is", async () => {
    const g = globalThis as Record<string, unknown>;
    g.window = {};
    g.document = {};
    try {
      const { seen, fetch } = scripted(json(200, {}));
      await new Transport({ serverURL: "http://x.test", fetch }).request(GET);
      expect(seen[0]!.headers["user-agent"]).toBeUndefined();
      expect(seen[0]!.headers["x-compass-sdk-version"]).toBe(`compass-sdk-ts/${SDK_VERSION}`);
    } finally {
      delete g.window;
      delete g.document;
    }
  });
});

describe("Transport — idempotency", () => {
  test("behavior: a POST gets one Idempotency-Key, reused by each retry of the call", async () => {
    const { seen, fetch } = scripted(
      json(503, { detail: "busy" }),
      new TypeError("socket hang up"),
      json(200, {}),
    );
    await new Transport({ fetch, retries: fast }).request(POST, { body: { a: 1 } });
    expect(seen).toHaveLength(3);
    const keys = seen.map((s) => s.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  test("behavior: two calls get two keys; a caller's key is sent as given; GETs send none", async () => {
    const { seen, fetch } = scripted(json(200, {}), json(200, {}), json(200, {}), json(200, {}));
    const t = new Transport({ fetch });
    await t.request(POST, { body: {} });
    await t.request(POST, { body: {} });
    await t.request(POST, { body: {} }, { idempotencyKey: "order-42" });
    await t.request(GET);
    expect(seen[0]!.headers["idempotency-key"]).not.toBe(seen[1]!.headers["idempotency-key"]);
    expect(seen[2]!.headers["idempotency-key"]).toBe("order-42");
    expect(seen[3]!.headers["idempotency-key"]).toBeUndefined();
  });
});

describe("Transport — typed errors", () => {
  test("behavior: 422 → ValidationError naming its fields", async () => {
    const { fetch } = scripted(
      json(422, {
        detail: [
          { loc: ["body", "amount"], msg: "must be positive", type: "value_error" },
          { loc: ["body", "builder", "address"], msg: "not an address", type: "value_error" },
        ],
      }),
    );
    const e: any = await new Transport({ fetch }).request(POST, { body: {} }).catch((x: any) => x);
    expect(e).toBeInstanceOf(ValidationError);
    expect(e.fields).toEqual(["amount", "builder.address"]);
    expect(e.fieldErrors["builder.address"]).toEqual(["not an address"]);
  });

  test("behavior: 429 → RateLimitError with a numeric retryAfter, after the retries it honoured", async () => {
    const { seen, fetch } = scripted(
      json(429, { detail: "slow down" }, { "retry-after": "0" }),
      json(429, { detail: "slow down" }, { "retry-after": "1" }),
    );
    const started = Date.now();
    const e: any = await new Transport({ fetch, retries: { retries: 1, maxDelayMs: 50 } })
      .request(GET)
      .catch((x: any) => x);
    expect(e).toBeInstanceOf(RateLimitError);
    expect(e).toBeInstanceOf(HttpError);
    expect(e.retryAfter).toBe(1);
    expect(e.status).toBe(429);
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1000); // Retry-After is capped by maxDelayMs
  });

  test("behavior: a caller's abort is RequestAbortedError, never retried; no answer is NetworkError", async () => {
    const controller = new AbortController();
    const { seen, fetch } = scripted(
      () =>
        new Promise<Response>((_, reject) => {
          controller.abort(new Error("user left"));
          reject(new DOMException("aborted", "AbortError"));
        }),
    );
    const e: any = await new Transport({ fetch, retries: fast })
      .request(GET, {}, { signal: controller.signal })
      .catch((x: any) => x);
    expect(e).toBeInstanceOf(RequestAbortedError);
    expect(e).not.toBeInstanceOf(NetworkError);
    expect(seen).toHaveLength(1);

    const refused: any = await new Transport({ serverURL: "http://127.0.0.1:1", retries: 0 })
      .request(GET)
      .catch((x: any) => x);
    expect(refused).toBeInstanceOf(NetworkError);
  });

  test("behavior: no answer within timeoutMs is TimeoutError", async () => {
    const fetch = ((_: string, init: RequestInit) =>
      new Promise((_r, reject) =>
        init.signal!.addEventListener("abort", () => reject(new Error("aborted"))),
      )) as unknown as typeof globalThis.fetch;
    const e: any = await new Transport({ fetch, timeoutMs: 20, retries: 0 })
      .request(GET)
      .catch((x: any) => x);
    expect(e).toBeInstanceOf(TimeoutError);
  });
});

describe("Transport — hooks and debug", () => {
  test("parameters: beforeRequest edits each attempt, afterResponse sees every answer", async () => {
    const { seen, fetch } = scripted(json(502, { detail: "bad" }), json(200, { ok: true }));
    const before: RequestContext[] = [];
    const after: ResponseContext[] = [];
    const result = await new Transport({
      fetch,
      retries: fast,
      hooks: {
        beforeRequest: (ctx) => {
          before.push(ctx);
          ctx.headers["x-trace"] = `attempt-${ctx.attempt}`;
        },
        afterResponse: (ctx) => void after.push(ctx),
      },
    }).request(GET);
    expect(result).toEqual({ ok: true });
    expect(seen.map((s) => s.headers["x-trace"])).toEqual(["attempt-0", "attempt-1"]);
    expect(after.map((a) => a.status)).toEqual([502, 200]);
    expect(after[0]!.error).toBeInstanceOf(HttpError);
    expect(before[0]!.operationId).toBe("v2_test_read");
  });

  test("parameters: debug logs request and response with the API key redacted", async () => {
    const { fetch } = scripted(json(200, { answer: 42 }));
    const lines: string[] = [];
    await new Transport({ fetch, apiKeyAuth: "sk_live_secret_key", debug: (l) => lines.push(l) }).request(
      POST,
      { body: { q: 1 } },
    );
    const log = lines.join("\n");
    expect(log).toContain("> POST http://127.0.0.1:3000/v2/test/create");
    expect(log).toContain('{"q":1}');
    expect(log).toContain("< 200 POST");
    expect(log).toContain('{"answer":42}');
    expect(log).not.toContain("sk_live_secret_key");
  });
});

describe("paginate", () => {
  const items = ["a", "b", "c", "d", "e"];
  test("behavior: offset/limit lists yield every item, one request per page, stopping at total", async () => {
    const asked: Record<string, unknown>[] = [];
    const page = async (q: Record<string, unknown>) => {
      asked.push(q);
      const offset = Number(q.offset ?? 0);
      const limit = Number(q.limit);
      return { total: items.length, offset, limit, vaults: items.slice(offset, offset + limit) };
    };
    const out: string[] = [];
    for await (const x of paginate<string>(
      page,
      { limit: 2, chain: "base" },
      { style: "offset", itemsKey: "vaults" },
    ))
      out.push(x);
    expect(out).toEqual(items);
    expect(asked.map((q) => q.offset)).toEqual([undefined, 2, 4]);
    expect(asked.every((q) => q.chain === "base")).toBe(true);
  });

  test("behavior: cursor lists follow next_cursor; breaking early stops fetching", async () => {
    let calls = 0;
    const page = async (q: Record<string, unknown>) => {
      calls++;
      const at = Number(q.cursor ?? 0);
      return { rows: items.slice(at, at + 2), next_cursor: at + 2 < items.length ? String(at + 2) : null };
    };
    const all: string[] = [];
    const style = {
      style: "cursor",
      itemsKey: "rows",
      cursorParam: "cursor",
      nextKey: "next_cursor",
    } as const;
    for await (const x of paginate<string>(page, {}, style)) all.push(x);
    expect(all).toEqual(items);
    calls = 0;
    for await (const x of paginate<string>(page, {}, style)) if (x === "a") break;
    expect(calls).toBe(1);
  });
});

test("default: CompassClient takes the same option names a generator derives (serverURL, apiKeyAuth)", async () => {
  const { seen, fetch } = scripted(json(200, { status: "pending" }));
  const client = new CompassClient({ serverURL: "http://api.test/", apiKeyAuth: "k1", fetch });
  await client.onramp.status({ payment_id: "p_1" });
  expect(seen[0]!.url).toBe("http://api.test/v2/onramp/status?payment_id=p_1");
  expect(seen[0]!.headers["x-api-key"]).toBe("k1");
});
