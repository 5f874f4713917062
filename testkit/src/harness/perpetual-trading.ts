/**
 * @compass/testkit/perpetual-trading — the API's HTTP app in process in front of a venue twin on its own
 * port, driven over HTTP like a client would (no chains, no devnet). The API's and the widget's perpetual
 * trading tests share it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createHttpApp, type HttpApp, loadConfig } from "@compass/api";
import { type RunningVenue, startVenue } from "@compass/devnet";
import { stringifyJson } from "@compass/sdk";
import { privateKeyToAccount } from "viem/accounts";

/** anvil's public dev keys: throwaway, never funded anywhere real */
export const KEYS = [
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
] as const;
export const addressOf = (key: string) => privateKeyToAccount(key as `0x${string}`).address;

export type App = HttpApp;

/** One request to the in-process app; the body parsed as JSON when it is JSON. */
async function call(app: App, method: string, path: string, init: { body?: string } = {}) {
  const res = await app.fetch(
    new Request(`http://test${path}`, {
      method,
      body: init.body,
      headers: { "content-type": "application/json" },
    }),
  );
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

/** The HTTP app with its venue adapter pointed at `venueUrl` (no chains: COMPASS_DEVNET_DIR is empty). */
export function appFor(venueUrl: string): App {
  const config = loadConfig({
    COMPASS_DEVNET_DIR: "/nonexistent",
    LOG_LEVEL: "silent",
    COMPASS_VENUE_URL: venueUrl,
    COMPASS_VALIDATE_RESPONSES: "1",
    COMPASS_UPSTREAM_TIMEOUT_MS: "3000",
  });
  return createHttpApp({ config });
}

export interface Harness {
  venue: RunningVenue;
  app: App;
  post(op: string, body: unknown): Promise<{ status: number; json: any }>;
  get(op: string, query: Record<string, string | number>): Promise<{ status: number; json: any }>;
  /** credits a bridge deposit at the venue */
  fund(user: string, usd: number): Promise<void>;
  /** signs a prepare op's typed_data with `key` and POSTs /execute */
  execute(key: string, signable: { typed_data: any; action: any; nonce: number }): Promise<any>;
  /** prepare → sign → execute in one; fails the test on a prepare error */
  run(key: string, op: string, body: unknown): Promise<any>;
  stop(): Promise<void>;
}

let deposits = 0;

/** A venue twin on its own port and the API in front of it, driven over HTTP like a client would. */
export async function startHarness(): Promise<Harness> {
  const venue = await startVenue({ seed: "api-perps-test" });
  const app = appFor(venue.url);
  const post = (op: string, body: unknown) =>
    call(app, "POST", `/v2/perpetual_trading/${op}`, { body: stringifyJson(body) });
  const get = (op: string, query: Record<string, string | number>) =>
    call(
      app,
      "GET",
      `/v2/perpetual_trading/${op}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    );
  const execute = async (key: string, s: { typed_data: any; action: any; nonce: number }) => {
    const signature = await privateKeyToAccount(key as `0x${string}`).signTypedData(s.typed_data);
    const r = await post("execute", { action: s.action, nonce: s.nonce, signature });
    if (r.status !== 200) throw new Error(`execute: HTTP ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
  };
  return {
    venue,
    app,
    post,
    get,
    async fund(user, usd) {
      await venue.engine.credit(user, usd, `0xdeposit${++deposits}`);
    },
    execute,
    async run(key, op, body) {
      const prepared = await post(op, body);
      if (prepared.status !== 200)
        throw new Error(`${op}: HTTP ${prepared.status} ${JSON.stringify(prepared.json)}`);
      if (prepared.json.typed_data === null) return { status: "ok", nothingToSign: true };
      return execute(key, prepared.json);
    },
    stop: () => venue.stop(),
  };
}

/**
 * A proxy in front of the venue that answers HTTP 500 for the /info types in `failing` — one venue
 * section down while the rest answers.
 */
export async function faultyProxy(
  target: string,
  failing: Set<string>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString();
    const type = (() => {
      try {
        return JSON.parse(text).type;
      } catch {
        return undefined;
      }
    })();
    if (failing.has(type) || failing.has("*")) return void res.writeHead(500).end("down");
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      body: text,
      headers: { "content-type": "application/json" },
    });
    res.writeHead(upstream.status, { "content-type": "application/json" }).end(await upstream.text());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
