/**
 * The `fetch` viem's HTTP transport calls, on node:http(s) with keep-alive agents instead of the global fetch. A
 * JSON-RPC call is a small POST and a small answer: undici's Request/Response/stream machinery cost more CPU than
 * the node's own work under load (the resilience profile), and this answers viem with only what it reads — ok,
 * status, headers.get and text — so a read costs a socket write and a parse. Plain HTTP(S): production changes the
 * URL, not this.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";

export interface RpcFetchStats {
  /** HTTP requests sent to RPC endpoints */
  requests: number;
  /** JSON-RPC calls inside them (a batch counts each call) */
  calls: number;
}

interface RpcResponse {
  ok: boolean;
  status: number;
  statusText: string;
  headers: { get(name: string): string | null };
  body: null;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

// Bounded: a provider answering more than this for one call (a huge eth_getLogs page) is refused, not buffered.
const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

const agents = {
  "http:": new HttpAgent({ keepAlive: true, maxSockets: 128, keepAliveMsecs: 10_000 }),
  "https:": new HttpsAgent({ keepAlive: true, maxSockets: 128, keepAliveMsecs: 10_000 }),
};

export function rpcFetch(stats: RpcFetchStats) {
  return (input: string | URL | Request, init: RequestInit = {}): Promise<RpcResponse> => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const body = typeof init.body === "string" ? init.body : "";
    stats.requests++;
    stats.calls += body.startsWith("[") ? body.split('"jsonrpc"').length - 1 : 1;
    const https = url.protocol === "https:";
    return new Promise<RpcResponse>((resolve, reject) => {
      const req = (https ? httpsRequest : httpRequest)(
        {
          agent: agents[https ? "https:" : "http:"],
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: init.method ?? "POST",
          headers: {
            ...(init.headers as Record<string, string>),
            "content-length": String(Buffer.byteLength(body)),
            ...(url.username && {
              authorization: `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64")}`,
            }),
          },
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (c: Buffer) => {
            size += c.length;
            if (size > MAX_RESPONSE_BYTES)
              res.destroy(new Error(`RPC answer over ${MAX_RESPONSE_BYTES} bytes`));
            else chunks.push(c);
          });
          res.once("error", reject);
          res.once("end", () => {
            const text =
              chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8");
            const status = res.statusCode ?? 0;
            resolve({
              ok: status >= 200 && status < 300,
              status,
              statusText: res.statusMessage ?? "",
              headers: {
                get: (name) => {
                  const v = res.headers[name.toLowerCase()];
                  return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
                },
              },
              body: null,
              text: async () => text,
              json: async () => JSON.parse(text),
            });
          });
        },
      );
      const signal = init.signal;
      if (signal) {
        if (signal.aborted) req.destroy(signal.reason);
        else {
          const abort = () => req.destroy(signal.reason);
          signal.addEventListener("abort", abort, { once: true });
          req.once("close", () => signal.removeEventListener("abort", abort));
        }
      }
      req.once("error", reject);
      req.end(body);
    });
  };
}
