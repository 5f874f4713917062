/**
 * Recorded upstreams: one proxy per chain RPC and per twin, which first forwards and records every answer, then
 * replays them. With the API in front of these, a load measures the API alone — the chains and twins are off the
 * two CPUs — so its figures can be set beside the same load against the live upstreams.
 *
 * What is recorded is the smallest piece that repeats. The API batches the JSON-RPC calls one turn of its event
 * loop issues, and viem's multicall gathers the reads of every request in flight into one Multicall3 `aggregate3`,
 * so neither a batch's nor an aggregate's make-up repeats from run to run under load — their pieces do. A JSON-RPC
 * call is keyed without its id (a client numbers its calls); an `aggregate3` also by each sub-call (target, data,
 * block), so a replayed aggregate of sub-calls seen in other aggregates is answered whole. Anything else is keyed by
 * its bytes.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { httpCall } from "@compass/api";
import { MULTICALL3 } from "@compass/constants";
import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionResult,
  type Hex,
  multicall3Abi,
} from "viem";

const AGGREGATE3 = "0x82ad56cb";

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
  /** counts of JSON-RPC calls (or HTTP requests) answered from the recording and forwarded; misses by method */
  stats(): { recorded: number; replayed: number; missed: number; missedBy: Record<string, number> };
  close(): Promise<void>;
}

interface RpcCall {
  id?: unknown;
  method?: string;
  params?: unknown[];
  [k: string]: unknown;
}

type Reply = Record<string, unknown>;
type SubResult = { success: boolean; returnData: Hex };

function rpcCalls(body: string): { calls: RpcCall[]; batch: boolean } | null {
  if (!body.includes('"jsonrpc"')) return null;
  try {
    const parsed = JSON.parse(body);
    return { calls: Array.isArray(parsed) ? parsed : [parsed], batch: Array.isArray(parsed) };
  } catch {
    return null;
  }
}

const callKey = (prefix: string, { id: _id, ...rest }: RpcCall) => `${prefix} ${JSON.stringify(rest)}`;

/** The keys of an `eth_call` to Multicall3's aggregate3, one per sub-call; null for any other call. */
function subKeys(prefix: string, call: RpcCall): string[] | null {
  if (call.method !== "eth_call" || !Array.isArray(call.params)) return null;
  const [tx, block] = call.params as [{ to?: string; data?: string; input?: string }, unknown];
  const data = (tx?.data ?? tx?.input) as Hex | undefined;
  if (tx?.to?.toLowerCase() !== MULTICALL3.toLowerCase() || !data?.startsWith(AGGREGATE3)) return null;
  try {
    const { args } = decodeFunctionData({ abi: multicall3Abi, data });
    const { data: _d, input: _i, ...rest } = tx;
    const context = `${prefix} aggregate3 ${JSON.stringify(rest)} ${JSON.stringify(block ?? null)}`;
    return (args[0] as readonly { target: string; allowFailure: boolean; callData: Hex }[]).map(
      (c) => `${context} ${c.target.toLowerCase()} ${c.allowFailure} ${c.callData}`,
    );
  } catch {
    return null;
  }
}

/** A proxy on each of `ports` for the named targets: `rpc:<chain>` → COMPASS_RPC_URL_<CHAIN>, `<twin>` → COMPASS_<TWIN>_URL. */
export async function recordedUpstreams(
  targets: Record<string, string>,
  portBase: number,
): Promise<RecordedUpstreams> {
  const answers = new Map<string, Recorded>();
  const replies = new Map<string, Reply>();
  const subResults = new Map<string, SubResult>();
  let replaying = false;
  let replayed = 0;
  let missed = 0;
  const missedBy: Record<string, number> = {};

  /** A call's reply from the recording, whole or composed from its aggregate's sub-calls; undefined if unseen. */
  const replyOf = (prefix: string, call: RpcCall): Reply | undefined => {
    const whole = replies.get(callKey(prefix, call));
    if (whole) return { ...whole, id: call.id };
    const subs = subKeys(prefix, call)?.map((k) => subResults.get(k));
    if (!subs?.every(Boolean)) return undefined;
    const result = encodeFunctionResult({
      abi: multicall3Abi,
      functionName: "aggregate3",
      result: subs as SubResult[],
    });
    return { jsonrpc: "2.0", id: call.id, result };
  };

  const record = (prefix: string, calls: RpcCall[], body: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return;
    }
    const byId = new Map(((Array.isArray(parsed) ? parsed : [parsed]) as Reply[]).map((r) => [r?.id, r]));
    for (const call of calls) {
      const reply = byId.get(call.id);
      if (!reply) continue;
      const { id: _id, ...bare } = reply;
      replies.set(callKey(prefix, call), bare);
      const keys = subKeys(prefix, call);
      if (!keys || typeof reply.result !== "string") continue;
      const results = decodeFunctionResult({
        abi: multicall3Abi,
        functionName: "aggregate3",
        data: reply.result as Hex,
      }) as readonly SubResult[];
      for (const [i, k] of keys.entries()) subResults.set(k, results[i]);
    }
  };

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
      const prefix = `${method} ${name}${url}`;
      const rpc = rpcCalls(body);
      const reply = (status: number, type: string, out: string) =>
        res
          .writeHead(status, { "content-type": type, "content-length": String(Buffer.byteLength(out)) })
          .end(out);

      if (replaying) {
        if (rpc) {
          const found = rpc.calls.map((c) => replyOf(prefix, c));
          if (found.every(Boolean)) {
            replayed += found.length;
            return reply(200, "application/json", JSON.stringify(rpc.batch ? found : found[0]));
          }
          rpc.calls.forEach((c, i) => {
            if (found[i]) return;
            missed++;
            const what = `${name} ${String(c.method)}`;
            missedBy[what] = (missedBy[what] ?? 0) + 1;
          });
        } else {
          const whole = answers.get(`${prefix} ${body}`);
          if (whole) {
            replayed++;
            return reply(whole.status, whole.type, whole.body);
          }
          missed++;
          const what = `${name} ${method} ${url.split("?")[0]}`;
          missedBy[what] = (missedBy[what] ?? 0) + 1;
        }
      }

      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === "string" && !["host", "connection", "content-length"].includes(k)) headers[k] = v;
      headers["content-length"] = String(Buffer.byteLength(body));
      let answer: Recorded;
      try {
        answer = await forward(target, method, url, headers, body);
      } catch {
        res.writeHead(502).end();
        return;
      }
      if (!replaying && answer.status < 500) {
        if (rpc) record(prefix, rpc.calls, answer.body);
        else answers.set(`${prefix} ${body}`, answer);
      }
      reply(answer.status, answer.type, answer.body);
    });
    server.keepAliveTimeout = 65_000;
    const p = portBase === 0 ? 0 : port++;
    await new Promise<void>((r) => server.listen(p, "127.0.0.1", r));
    servers.push(server);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`; // `portBase` 0: ports the OS picks
    if (name.startsWith("rpc:")) env[`COMPASS_RPC_URL_${name.slice(4).toUpperCase()}`] = url;
    else env[`COMPASS_${name.toUpperCase()}_URL`] = url;
  }
  return {
    env,
    replay: () => {
      replaying = true;
    },
    stats: () => ({ recorded: answers.size + replies.size + subResults.size, replayed, missed, missedBy }),
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
