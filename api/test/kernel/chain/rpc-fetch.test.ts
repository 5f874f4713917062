import http from "node:http";
import type { AddressInfo } from "node:net";
import { createPublicClient, http as httpTransport } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_BATCH, type RpcFetchStats, rpcFetch } from "../../../src/kernel/chain/rpc-fetch.ts";

/** A JSON-RPC node that answers batches in reverse order (the spec allows any order) and records every body. */
let server: http.Server;
let url = "";
const bodies: unknown[] = [];
let refuseBatches = false;
let delayMs = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const body = JSON.parse(raw);
      bodies.push(body);
      const answer = (call: { id: number; method: string; params: unknown[] }) =>
        call.method === "eth_chainId"
          ? { jsonrpc: "2.0", id: call.id, result: "0x1" }
          : call.method === "eth_getBalance"
            ? { jsonrpc: "2.0", id: call.id, result: `0x${(call.params[0] as string).slice(-2)}` }
            : { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: `no ${call.method}` } };
      setTimeout(() => {
        res.setHeader("content-type", "application/json");
        if (Array.isArray(body) && refuseBatches) {
          res.end(
            JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "batches refused" } }),
          );
        } else res.end(JSON.stringify(Array.isArray(body) ? body.map(answer).reverse() : answer(body)));
      }, delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

function client(stats: RpcFetchStats) {
  return createPublicClient({
    transport: httpTransport(url, { fetchFn: rpcFetch(stats) as unknown as typeof fetch, retryCount: 0 }),
  });
}

const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}` as const;

describe("rpcFetch", () => {
  it("sends calls issued in one turn as one batch and gives each caller its own answer", async () => {
    const stats = { requests: 0, calls: 0 };
    const c = client(stats);
    bodies.length = 0;
    const balances = await Promise.all([1, 2, 3].map((n) => c.getBalance({ address: address(n) })));
    expect(balances).toEqual([1n, 2n, 3n]);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toHaveLength(3);
    expect(stats).toEqual({ requests: 1, calls: 3 });
  });

  it("sends a lone call as a plain object, and calls in later turns separately", async () => {
    const stats = { requests: 0, calls: 0 };
    const c = client(stats);
    bodies.length = 0;
    expect(await c.getBalance({ address: address(7) })).toBe(7n);
    expect(await c.getBalance({ address: address(8) })).toBe(8n);
    expect(bodies.map(Array.isArray)).toEqual([false, false]);
    expect(stats).toEqual({ requests: 2, calls: 2 });
  });

  it(`splits more than ${MAX_BATCH} calls into batches a provider accepts`, async () => {
    const stats = { requests: 0, calls: 0 };
    const c = client(stats);
    bodies.length = 0;
    const n = MAX_BATCH + 3;
    const balances = await Promise.all(
      Array.from({ length: n }, (_, i) => c.getBalance({ address: address(i + 16) })),
    );
    expect(balances).toEqual(Array.from({ length: n }, (_, i) => BigInt(i + 16)));
    expect(bodies.map((b) => (b as unknown[]).length ?? 1)).toEqual([MAX_BATCH, 3]);
  });

  it("sends a large call on its own beside the turn's batch", async () => {
    const stats = { requests: 0, calls: 0 };
    const c = client(stats);
    bodies.length = 0;
    // an eth_getBalance whose request carries 20 kB of padding (a multicall's calldata is that large)
    const large = c.request({
      method: "eth_getBalance",
      params: [address(9), `latest${" ".repeat(20_000)}`],
    } as never);
    const small = [1, 2].map((n) => c.getBalance({ address: address(n) }));
    expect(await Promise.all([large, ...small])).toEqual(["0x09", 1n, 2n]);
    expect(bodies.map((b) => (Array.isArray(b) ? b.length : 1)).sort()).toEqual([1, 2]);
    expect(stats).toEqual({ requests: 2, calls: 3 });
  });

  it("gives each caller its own error, and sends calls one by one to an endpoint that refuses batches", async () => {
    const c = client({ requests: 0, calls: 0 });
    const [ok, failed] = await Promise.allSettled([
      c.getBalance({ address: address(5) }),
      c.request({ method: "eth_unknownMethod" as "eth_chainId" }),
    ]);
    expect(ok).toEqual({ status: "fulfilled", value: 5n });
    expect(String((failed as PromiseRejectedResult).reason)).toMatch(/no eth_unknownMethod/);

    refuseBatches = true;
    try {
      // an endpoint without batches: the refused batch is sent again call by call, and later calls go alone
      const stats = { requests: 0, calls: 0 };
      const d = client(stats);
      bodies.length = 0;
      const both = await Promise.all([
        d.getBalance({ address: address(1) }),
        d.getBalance({ address: address(2) }),
      ]);
      expect(both).toEqual([1n, 2n]);
      const again = await Promise.all([
        d.getBalance({ address: address(3) }),
        d.getBalance({ address: address(4) }),
      ]);
      expect(again).toEqual([3n, 4n]);
      expect(bodies.map(Array.isArray)).toEqual([true, false, false, false, false]);
    } finally {
      refuseBatches = false;
    }
  });

  it("a caller that gives up does not abort the others in its batch", async () => {
    const stats = { requests: 0, calls: 0 };
    const fetchFn = rpcFetch(stats);
    const body = (id: number, n: number) =>
      JSON.stringify({ jsonrpc: "2.0", id, method: "eth_getBalance", params: [address(n), "latest"] });
    delayMs = 50;
    try {
      const impatient = new AbortController();
      const first = fetchFn(url, { method: "POST", body: body(901, 9), signal: impatient.signal });
      const second = fetchFn(url, { method: "POST", body: body(902, 10) });
      setTimeout(() => impatient.abort(new Error("gave up")), 10);
      await expect(first).rejects.toThrow("gave up");
      const answer = JSON.parse(await (await second).text());
      expect(answer).toEqual({ jsonrpc: "2.0", id: 902, result: "0x0a" });
      expect(stats).toEqual({ requests: 1, calls: 2 });
    } finally {
      delayMs = 0;
    }
  });
});
