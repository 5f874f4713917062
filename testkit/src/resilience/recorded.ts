/**
 * Recorded upstreams: one proxy per chain RPC and per twin, which first forwards and records every answer, then
 * replays them. With the API in front of these, a load measures the API alone — the chains and twins are off the
 * two CPUs — so its figures can be set beside the same load against the live upstreams.
 */
import { createServer, type Server } from "node:http";
import { httpCall } from "@compass/api";

interface Recorded {
  status: number;
  type: string;
  body: string;
}

export interface RecordedUpstreams {
  /** the server environment that sends every upstream call through the proxies */
  env: Record<string, string>;
  /** from now on answer from the recording (a request never seen is forwarded, and counted) */
  replay(): void;
  stats(): { recorded: number; replayed: number; missed: number };
  close(): Promise<void>;
}

/** JSON-RPC bodies are keyed without their ids (a client numbers its calls); anything else by its bytes. */
function keyOf(method: string, url: string, body: string): { key: string; ids: unknown[] | null } {
  if (body.includes('"jsonrpc"')) {
    try {
      const parsed = JSON.parse(body);
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const ids = calls.map((c) => c.id);
      const bare = calls.map(({ id: _id, ...rest }) => rest);
      return { key: `${method} ${url} ${JSON.stringify(Array.isArray(parsed) ? bare : bare[0])}`, ids };
    } catch {}
  }
  return { key: `${method} ${url} ${body}`, ids: null };
}

function withIds(body: string, ids: unknown[]): string {
  const parsed = JSON.parse(body);
  if (Array.isArray(parsed)) return JSON.stringify(parsed.map((r, i) => ({ ...r, id: ids[i] })));
  return JSON.stringify({ ...parsed, id: ids[0] });
}

async function forward(
  target: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Recorded> {
  const t = new URL(target);
  const res = await httpCall(new URL(`${t.pathname.replace(/\/$/, "")}${url}`, t), {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: res.status,
    type: String(res.headers["content-type"] ?? "application/json"),
    body: res.text,
  };
}

/** A proxy on each of `ports` for the named targets: `rpc:<chain>` → COMPASS_RPC_URL_<CHAIN>, `<twin>` → COMPASS_<TWIN>_URL. */
export async function recordedUpstreams(
  targets: Record<string, string>,
  portBase: number,
): Promise<RecordedUpstreams> {
  const store = new Map<string, Recorded>();
  let replaying = false;
  let replayed = 0;
  let missed = 0;
  const servers: Server[] = [];
  const env: Record<string, string> = {};
  let port = portBase;
  for (const [name, target] of Object.entries(targets)) {
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks).toString("utf8");
      const method = req.method ?? "GET";
      const url = req.url ?? "/";
      const { key, ids } = keyOf(method, `${name}${url}`, body);
      let answer = replaying ? store.get(key) : undefined;
      if (answer) replayed++;
      else {
        if (replaying) missed++;
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (typeof v === "string" && !["host", "connection", "content-length"].includes(k)) headers[k] = v;
        headers["content-length"] = String(Buffer.byteLength(body));
        try {
          answer = await forward(target, method, url, headers, body);
        } catch {
          res.writeHead(502).end();
          return;
        }
        if (!replaying && answer.status < 500) store.set(key, answer);
      }
      const out = ids && answer.type.includes("json") ? withIds(answer.body, ids) : answer.body;
      res
        .writeHead(answer.status, {
          "content-type": answer.type,
          "content-length": String(Buffer.byteLength(out)),
        })
        .end(out);
    });
    server.keepAliveTimeout = 65_000;
    const p = port++;
    await new Promise<void>((r) => server.listen(p, "127.0.0.1", r));
    servers.push(server);
    const url = `http://127.0.0.1:${p}`;
    if (name.startsWith("rpc:")) env[`COMPASS_RPC_URL_${name.slice(4).toUpperCase()}`] = url;
    else env[`COMPASS_${name.toUpperCase()}_URL`] = url;
  }
  return {
    env,
    replay: () => {
      replaying = true;
    },
    stats: () => ({ recorded: store.size, replayed, missed }),
    close: async () => {
      await Promise.all(
        servers.map((s) => {
          s.closeAllConnections();
          return new Promise<void>((r) => s.close(() => r()));
        }),
      );
    },
  };
}
