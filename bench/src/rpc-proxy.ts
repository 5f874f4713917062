import { createServer, type Server } from "node:http";

/** A JSON-RPC proxy in front of a chain that counts what the chain receives (a batch counts each call). */
export async function countingProxy(
  target: string,
  port: number,
): Promise<{
  url: string;
  calls: () => number;
  /** HTTP requests (round trips): a JSON-RPC batch is one */
  requests: () => number;
  methods: Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}> {
  let calls = 0;
  let requests = 0;
  const methods = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    requests++;
    try {
      const parsed = JSON.parse(body);
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        calls++;
        methods.set(call.method, (methods.get(call.method) ?? 0) + 1);
      }
    } catch {}
    const upstream = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    res.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    requests: () => requests,
    methods,
    reset() {
      calls = 0;
      requests = 0;
      methods.clear();
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}

type Counting = Awaited<ReturnType<typeof countingProxy>>;

/** What a set of proxies saw over `n` requests: JSON-RPC calls and round trips per request, and the methods. */
export function countsOf(proxies: readonly (readonly [string, Counting])[], n: number) {
  const calls = proxies.reduce((s, [, p]) => s + p.calls(), 0) / n;
  const requests = proxies.reduce((s, [, p]) => s + p.requests(), 0) / n;
  const methods = [
    ...new Set(proxies.flatMap(([, p]) => [...p.methods.entries()].map(([m, k]) => `${m}×${k / n}`))),
  ].join(", ");
  return { calls, requests, methods, note: `${methods}; ${requests} round trip${requests === 1 ? "" : "s"}` };
}
