import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { matchThroughput } from "@compass/devnet";
import { startServer, stop } from "@compass/testkit/stack";
import { build } from "esbuild";
import { privateKeyToAccount } from "viem/accounts";
import type { BenchRow, BenchSection } from "../types.ts";
import { addressBookFor } from "../util.ts";

const SECTION = "perpetual-trading";
const PEERS = ["react", "react-dom", "wagmi", "viem", "@tanstack/react-query"];
export const WIDGET_BUDGET_KB = 45;

/** Widget size, the build → sign → execute round trip through the shipped server, and the twin's matching rate. */
export const perpetualTrading: BenchSection = {
  name: SECTION,
  async run({ url, root, stack, log }) {
    const rows: BenchRow[] = [];
    const kb = await widgetGzipKb(root);
    rows.push({
      section: SECTION,
      metric: "PerpetualTradingWidget entry (gzip -9, peers external)",
      value: kb,
      unit: "kB",
      note: `budget ≤ ${WIDGET_BUDGET_KB} kB${kb > WIDGET_BUDGET_KB ? " — OVER BUDGET" : ""}`,
    });
    // Its own API server without the per-caller rate limit, which other sections' load would exhaust.
    const server = await startServer(
      {
        name: "perps-bench",
        port: Number(new URL(url).port) + 20,
        ui: false,
        env: { COMPASS_ENV: "staging", LOG_LEVEL: "warn", COMPASS_RATE_LIMIT: "off" },
      },
      stack.devnet.dir,
    );
    const trip = await roundTrips(server.url, addressBookFor(stack), 200, log).finally(() =>
      stop(server.child),
    );
    rows.push(
      {
        section: SECTION,
        metric: "market order build → sign → execute, p50",
        value: trip.p50,
        unit: "ms",
        note: `${trip.n} orders, each filled at the twin`,
      },
      { section: SECTION, metric: "market order build → sign → execute, p99", value: trip.p99, unit: "ms" },
    );
    const match = matchThroughput(20_000);
    rows.push({
      section: SECTION,
      metric: "venue twin matching throughput (engine)",
      value: match.ordersPerSecond,
      unit: "orders/s",
      note: `${match.orders} orders, ${match.fills} fills`,
    });
    return rows;
  },
};

/** esbuild, minified ESM, gzip -9; the SDK code it uses is bundled, the peers are not. */
async function widgetGzipKb(root: string): Promise<number> {
  const out = await build({
    entryPoints: [join(root, "widgets/src/perpetual-trading.ts")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    write: false,
    external: PEERS.flatMap((p) => [p, `${p}/*`]),
    logLevel: "warning",
  });
  return Math.round((gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length / 1024) * 10) / 10;
}

/**
 * A funded dev account (credited at the twin through its devnet controls, as a bridge deposit would be)
 * alternates buys and sells of 0.01 GOLD; each iteration times POST market_order, a local EIP-712
 * signature and POST execute.
 */
async function roundTrips(url: string, book: any, n: number, log: (line: string) => void) {
  const key = book.accounts.dev[4].privateKey as `0x${string}`;
  const account = privateKeyToAccount(key);
  const owner = account.address;
  const venue = book.twins.venue;
  await fetch(`${venue.url}/_twin/credit`, {
    method: "POST",
    headers: { authorization: `Bearer ${venue.apiKey}` },
    body: JSON.stringify({ user: owner, usd: 100_000, txHash: `bench-${Date.now()}` }),
  });
  const post = async (op: string, body: unknown) => {
    const res = await fetch(`${url}/v2/perpetual_trading/${op}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${op}: HTTP ${res.status} ${await res.text()}`);
    return res.json();
  };
  const execute = async (prepared: any) => {
    const { EIP712Domain: _, ...types } = prepared.typed_data.types;
    const signature = await account.signTypedData({ ...prepared.typed_data, types });
    const reply = await post("execute", { action: prepared.action, nonce: prepared.nonce, signature });
    if (reply.status !== "ok" || reply.response?.data?.statuses?.[0]?.error)
      throw new Error(`execute: ${JSON.stringify(reply)}`);
  };
  const unified = await post("enable_unified_account", { owner });
  if (unified.typed_data) await execute(unified);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await execute(
      await post("market_order", { owner, asset: "GOLD", side: i % 2 ? "sell" : "buy", size: "0.01" }),
    );
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  log(`  ${n} round trips: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
  return { n, p50: at(0.5), p99: at(0.99) };
}
