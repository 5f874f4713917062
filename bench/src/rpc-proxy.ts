import { createServer, type Server } from "node:http";

/** A JSON-RPC proxy in front of a chain that counts what the chain receives (a batch counts each call). */
export async function countingProxy(
  target: string,
  port: number,
): Promise<{
  url: string;
  calls: () => number;
  methods: Map<string, number>;
  reset(): void;
  close(): Promise<void>;
}> {
  let calls = 0;
  const methods = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
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
    methods,
    reset() {
      calls = 0;
      methods.clear();
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
