/**
 * The `fetch` viem's HTTP transport calls, on the upstream helper's node:http(s) keep-alive exchange instead of the
 * global fetch. A JSON-RPC call is a small POST and a small answer: undici's Request/Response/stream machinery cost
 * more CPU than the node's own work under load (the resilience profile). This answers viem with only what it reads —
 * ok, status, headers.get and text — so a read costs a socket write and a parse. Plain HTTP(S): production changes
 * the URL, not this.
 *
 * Calls to one node issued in the same turn of the event loop travel as one JSON-RPC batch: they are held until
 * the turn's check phase (`setImmediate`, no timer), then sent together, and each caller gets its own answer back
 * by id. A lone call waits for nothing but that phase. viem's own batching waits a timer tick (≥ 1 ms) per call,
 * which a build's sequential calls pay each time; this costs a build nothing and saves it round trips when its
 * independent reads (the nonce, the operation's multicall) are issued together — see `prefetchTxFields`. An
 * endpoint that refuses batches (a 4xx, or one JSON-RPC error for the lot) gets its calls one by one instead.
 */
import { httpCall } from "../upstream/http-call.ts";

export interface RpcFetchStats {
  /** HTTP requests sent to RPC endpoints (round trips: a batch is one) */
  requests: number;
  /** JSON-RPC calls inside them (a batch counts each call) */
  calls: number;
}

/** Public providers cap a batch (Alchemy and Infura allow more; some nodes 10–50): keep well under. */
export const MAX_BATCH = 10;

/** a call this large (in characters) is sent on its own rather than in the turn's batch */
const ALONE_BYTES = 16_384;

interface Held {
  body: string;
  id: unknown;
  headers: Record<string, string>;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | null;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export function rpcFetch(stats: RpcFetchStats) {
  /** calls waiting for this turn's check phase, per endpoint */
  const held = new Map<string, Held[]>();
  /** endpoints that refused a batch: their calls go one by one from then on */
  const unbatched = new Set<string>();

  const flush = (url: string) => {
    const calls = held.get(url) ?? [];
    held.delete(url);
    const live = calls.filter((c) => !c.signal?.aborted);
    for (let i = 0; i < live.length; i += MAX_BATCH) send(url, live.slice(i, i + MAX_BATCH));
  };

  const send = (url: string, calls: Held[], count = calls.length) => {
    const body = calls.length === 1 ? calls[0].body : `[${calls.map((c) => c.body).join(",")}]`;
    stats.requests++;
    stats.calls += count;
    // the exchange outlives a caller that gave up: it is abandoned only when every caller has
    const exchange = new AbortController();
    let waiting = calls.length;
    for (const c of calls) {
      c.signal?.addEventListener(
        "abort",
        () => {
          c.reject(c.signal!.reason ?? new Error("aborted"));
          if (--waiting === 0) exchange.abort();
        },
        { once: true },
      );
    }
    httpCall(new URL(url), {
      method: "POST",
      headers: { ...calls[0].headers, "content-length": String(Buffer.byteLength(body)) },
      body,
      signal: exchange.signal,
    }).then(
      (res) => {
        if (calls.length === 1) return calls[0].resolve(res);
        if (res.status === 429 || res.status >= 500) {
          // busy or failing: each caller sees it (and viem's retry sends its call again)
          for (const c of calls) c.resolve(res);
          return;
        }
        let answers: unknown;
        try {
          answers = JSON.parse(res.text);
        } catch {
          answers = undefined;
        }
        if (res.status < 200 || res.status >= 300 || !Array.isArray(answers)) {
          // an endpoint that does not take batches answers once (a 4xx, or one JSON-RPC error): the calls go
          // alone, now and from then on
          unbatched.add(url);
          for (const c of calls) send(url, [c]);
          return;
        }
        const byId = new Map(answers.map((a: { id?: unknown }) => [a?.id, a]));
        for (const c of calls) {
          const answer = byId.get(c.id);
          if (answer === undefined) c.reject(new Error("The node's batch answer has no reply for this call"));
          else c.resolve({ status: res.status, headers: res.headers, text: JSON.stringify(answer) });
        }
      },
      (error) => {
        for (const c of calls) c.reject(error);
      },
    );
  };

  return async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init.body === "string" ? init.body : "";
    const res = await new Promise<Answer>((resolve, reject) => {
      const call: Held = {
        body,
        id: idOf(body),
        headers: init.headers as Record<string, string>,
        resolve,
        reject,
        signal: init.signal ?? null,
      };
      // a batch of its own (viem's), a body without an id, or an endpoint without batches: it goes alone, now; so
      // does a large call (a multicall of a few hundred reads), whose answer a batch would parse and write out again
      // before viem parses it a third time, and which travels no faster beside others
      if (body.startsWith("[") || call.id === undefined || unbatched.has(url) || body.length > ALONE_BYTES) {
        return send(url, [call], body.startsWith("[") ? body.split('"jsonrpc"').length - 1 : 1);
      }
      const queue = held.get(url);
      if (queue) queue.push(call);
      else {
        held.set(url, [call]);
        setImmediate(flush, url);
      }
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

/** The JSON-RPC id of a single call's body, read without parsing the whole body (viem writes it first). */
function idOf(body: string): unknown {
  const m = /^\{"jsonrpc":"2\.0","id":(\d+),/.exec(body) ?? /"id":(\d+)[,}]/.exec(body);
  return m ? Number(m[1]) : undefined;
}
