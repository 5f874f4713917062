import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { UpstreamError } from "../../../src/kernel/errors.ts";
import { type UpstreamTarget, upstreamRequest } from "../../../src/kernel/upstream/request.ts";

/** A small upstream whose answers each test scripts: status, body, delay. */
let server: Server;
let base = "";
const seen: string[] = [];
let script: { status: number; body: string; delayMs?: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const next = script.shift() ?? { status: 200, body: "{}" };
    setTimeout(
      () => res.writeHead(next.status, { "content-type": "application/json" }).end(next.body),
      next.delayMs ?? 0,
    );
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const target = (over: Partial<UpstreamTarget> = {}): UpstreamTarget => ({
  service: "issuer",
  title: "The fund issuer",
  label: "Issuer unavailable",
  url: base,
  timeoutMs: 2000,
  ...over,
});

async function failure(p: Promise<unknown>): Promise<UpstreamError> {
  const error = await p.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("upstreamRequest", () => {
  test("default: answers 2xx–4xx as they are, with the JSON parsed", async () => {
    script = [{ status: 404, body: '{"error":{"message":"no such fund"}}' }];
    const reply = await upstreamRequest(target(), { method: "GET", path: "/v1/funds/X" });
    expect(reply.status).toBe(404);
    expect(reply.json).toEqual({ error: { message: "no such fund" } });
  });

  test("behavior: a 5xx is a 502 carrying the upstream's reason and the service's label", async () => {
    script = [{ status: 503, body: '{"error":{"message":"maintenance window"}}' }];
    const e = await failure(upstreamRequest(target(), { method: "POST", path: "/v1/orders", body: "{}" }));
    expect(e.status).toBe(502);
    expect(e.message).toBe("The fund issuer answered HTTP 503: maintenance window");
    expect((e as UpstreamError).label).toBe("Issuer unavailable");
  });

  test("behavior: a request marked retry is repeated once after a 5xx; an unmarked one is not", async () => {
    seen.length = 0;
    script = [
      { status: 502, body: "bad gateway" },
      { status: 200, body: '{"ok":true}' },
    ];
    const reply = await upstreamRequest(target(), { method: "GET", path: "/r", retry: true });
    expect(reply.json).toEqual({ ok: true });
    expect(seen).toEqual(["GET /r", "GET /r"]);

    seen.length = 0;
    script = [{ status: 502, body: "bad gateway" }];
    await failure(upstreamRequest(target(), { method: "POST", path: "/w", body: "{}" }));
    expect(seen).toEqual(["POST /w"]);
  });

  test("behavior: no answer within the timeout is a 504 naming the limit, and is never retried", async () => {
    seen.length = 0;
    script = [{ status: 200, body: "{}", delayMs: 400 }];
    const e = await failure(
      upstreamRequest(target({ timeoutMs: 100 }), { method: "GET", path: "/slow", retry: true }),
    );
    expect(e.status).toBe(504);
    expect(e.message).toBe("The fund issuer did not answer within 100 ms");
    expect(seen).toEqual(["GET /slow"]);
  });

  test("behavior: an unreachable upstream is a 502 with the connection error", async () => {
    // nothing listens on the discard port
    const e = await failure(
      upstreamRequest(target({ url: "http://127.0.0.1:9" }), { method: "GET", path: "/", retry: true }),
    );
    expect(e.status).toBe(502);
    expect(e.message).toBe("The fund issuer is unreachable (ECONNREFUSED)");
  });

  test("behavior: no URL configured is a 502 naming the variable to set", async () => {
    const e = await failure(upstreamRequest(target({ url: undefined }), { method: "GET", path: "/" }));
    expect(e.status).toBe(502);
    expect(e.message).toBe("No fund issuer is configured (COMPASS_ISSUER_URL)");
  });

  test("behavior: the caller's abort surfaces as the abort, not as an outage", async () => {
    script = [{ status: 200, body: "{}", delayMs: 400 }];
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("client went away")), 50);
    await expect(
      upstreamRequest(target(), { method: "GET", path: "/slow", signal: controller.signal }),
    ).rejects.toThrow("client went away");
  });
});
