import { createServer, type Server } from "node:http";

export interface RpcLimitStats {
  /** JSON-RPC calls forwarded or refused (a batch counts each call) */
  calls: number;
  getLogs: number;
  /** eth_getLogs refused for a range wider than the limit (or open-ended) */
  refused: number;
  /** the widest eth_getLogs range it let through, in blocks */
  widest: number;
}

export interface RpcLimitProxy {
  url: string;
  stats: RpcLimitStats;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A JSON-RPC front for a devnet chain that is as strict as a public provider about eth_getLogs: a call
 * spanning more than `maxRange` blocks — or from "earliest"/0 to "latest" on a longer chain — is refused
 * with the error providers give, everything else is forwarded unchanged. `GET /_proxy/stats` reports what
 * it saw, so tests can count the calls a read took.
 */
export async function rpcLimitProxy(opts: {
  target: string;
  port: number;
  maxRange: number;
}): Promise<RpcLimitProxy> {
  const stats: RpcLimitStats = { calls: 0, getLogs: 0, refused: 0, widest: 0 };
  const forward = async (body: string) => {
    const res = await fetch(opts.target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    return res.json();
  };
  const head = async () =>
    BigInt((await forward(JSON.stringify({ jsonrpc: "2.0", id: 0, method: "eth_blockNumber" }))).result);
  const block = async (tag: unknown, latest: () => Promise<bigint>) => {
    if (tag === undefined || tag === "latest" || tag === "pending" || tag === "safe" || tag === "finalized")
      return latest();
    if (tag === "earliest") return 0n;
    return BigInt(tag as string);
  };
  /** the refusal for a call, or undefined to forward it */
  const check = async (call: { id: unknown; method: string; params?: any[] }) => {
    stats.calls++;
    if (call.method !== "eth_getLogs") return undefined;
    stats.getLogs++;
    const filter = call.params?.[0] ?? {};
    if (filter.blockHash) return undefined;
    let cached: bigint | undefined;
    const latest = async () => (cached ??= await head());
    const from = await block(filter.fromBlock ?? "earliest", latest);
    const to = await block(filter.toBlock, latest);
    const span = Number(to - from + 1n);
    if (span > opts.maxRange) {
      stats.refused++;
      return {
        jsonrpc: "2.0",
        id: call.id,
        error: { code: -32600, message: `eth_getLogs is limited to a ${opts.maxRange} block range` },
      };
    }
    stats.widest = Math.max(stats.widest, span);
    return undefined;
  };

  const server: Server = createServer(async (req, res) => {
    // browsers (the app's wallet layer) read chains through it too
    res.setHeader("access-control-allow-origin", "*");
    if (req.method === "OPTIONS") {
      res
        .writeHead(204, {
          "access-control-allow-methods": "POST, GET",
          "access-control-allow-headers": "content-type",
        })
        .end();
      return;
    }
    if (req.method === "GET" && req.url === "/_proxy/stats") {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ ...stats, maxRange: opts.maxRange }));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString();
    try {
      const parsed = JSON.parse(text);
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const refusals = await Promise.all(calls.map(check));
      let answer: unknown;
      if (refusals.every((r) => r === undefined)) answer = await forward(text);
      else if (!Array.isArray(parsed)) answer = refusals[0];
      else {
        // forward what may pass, answer the rest in place
        const passing = calls.filter((_, i) => !refusals[i]);
        const forwarded = passing.length
          ? ((await forward(JSON.stringify(passing))) as { id: unknown }[])
          : [];
        answer = calls.map((c, i) => refusals[i] ?? forwarded.find((f) => f.id === c.id));
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    } catch (error) {
      res
        .writeHead(502, { "content-type": "application/json" })
        .end(JSON.stringify({ error: String(error) }));
    }
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${opts.port}`,
    stats,
    reset() {
      Object.assign(stats, { calls: 0, getLogs: 0, refused: 0, widest: 0 });
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
