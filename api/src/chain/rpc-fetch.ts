/**
 * The `fetch` viem's HTTP transport calls, on the upstream helper's node:http(s) keep-alive exchange instead of the
 * global fetch. A JSON-RPC call is a small POST and a small answer: undici's Request/Response/stream machinery cost
 * more CPU than the node's own work under load (the resilience profile). This answers viem with only what it reads —
 * ok, status, headers.get and text — so a read costs a socket write and a parse. Plain HTTP(S): production changes
 * the URL, not this.
 */
import { httpCall } from "../upstream/http-call.ts";

export interface RpcFetchStats {
  /** HTTP requests sent to RPC endpoints */
  requests: number;
  /** JSON-RPC calls inside them (a batch counts each call) */
  calls: number;
}

export function rpcFetch(stats: RpcFetchStats) {
  return async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const body = typeof init.body === "string" ? init.body : "";
    stats.requests++;
    stats.calls += body.startsWith("[") ? body.split('"jsonrpc"').length - 1 : 1;
    const res = await httpCall(url, {
      method: init.method ?? "POST",
      headers: {
        ...(init.headers as Record<string, string>),
        "content-length": String(Buffer.byteLength(body)),
      },
      body,
      signal: init.signal ?? new AbortController().signal,
    });
    return {
      ok: res.status >= 200 && res.status < 300,
      status: res.status,
      statusText: "",
      headers: {
        get: (name: string) => {
          const v = res.headers[name.toLowerCase()];
          return v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
        },
      },
      body: null,
      text: async () => res.text,
      json: async () => JSON.parse(res.text),
    };
  };
}
