import { randomUUID } from "node:crypto";
import { openSync } from "node:fs";
import { createHttpApp, LogSink, loadConfig, operations, toValidationIssues } from "@compass/api";
import pino from "pino";
import type { BenchRow, BenchSection } from "../types.ts";

const N = 30_000;

/** Mean µs of `f` over N calls, the median of three runs (after a warm-up). */
async function micro(f: () => unknown): Promise<number> {
  for (let i = 0; i < 3_000; i++) await f();
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    for (let i = 0; i < N; i++) await f();
    runs.push(((performance.now() - t) * 1000) / N);
  }
  return runs.sort((a, b) => a - b)[1]!;
}

/**
 * (issue 17 §3) What the shipped request path costs beyond the operation's own validation, per piece, measured in
 * process on the 422 path of the token balance read (no chain, no socket): the whole app against the bare core, then
 * the app with the access log, the rate limit, and each piece alone.
 */
export const requestCosts: BenchSection = {
  name: "request-costs",
  async run({ stack, log }) {
    const env = { COMPASS_ENV: "staging", COMPASS_DEVNET_DIR: stack.devnet.dir };
    // the shipped server's log sink, writing to /dev/null
    const sink = new LogSink(openSync("/dev/null", "w"));
    const app = (extra: Record<string, string>, level: string) =>
      createHttpApp({ config: loadConfig({ ...env, ...extra }), logger: pino({ level }, sink) });
    const url = "/v1/token/balance?chain=ethereum&user=0xabc";
    const headers = { get: () => null };
    const call = { method: "GET", url, headers, signal: new AbortController().signal, body: null };
    const op = operations.find((o) => o.operationId === "v1_token_balance")!;
    const bare = () => {
      const q = op.query!.safeParse(Object.fromEntries(new URLSearchParams(url.slice(url.indexOf("?") + 1))));
      return q.success ? "" : JSON.stringify({ detail: toValidationIssues("query", q.error) });
    };
    const quiet = app({ COMPASS_RATE_LIMIT: "off" }, "warn");
    const logged = app({ COMPASS_RATE_LIMIT: "off" }, "info");
    const limited = app({ COMPASS_RATE_LIMIT: "1000000000/60s" }, "warn");
    const accessLog = pino({ level: "info" }, sink);
    const answer = {
      amount: "1000000",
      decimals: 6,
      token_symbol: "USDC",
      token_address: `0x${"a".repeat(40)}`,
    };
    const figures: [string, number][] = [
      ["validation alone (zod, issues, JSON): the bare core", await micro(bare)],
      ["the app's 422 path, no access log, no rate limit", await micro(() => quiet.handle(call))],
      ["the app's 422 path with the access log (as shipped)", await micro(() => logged.handle(call))],
      ["the app's 422 path with the rate limit (in-memory store)", await micro(() => limited.handle(call))],
      ["request id (randomUUID)", await micro(() => randomUUID())],
      [
        "a pino info line (what the access log replaced)",
        await micro(() =>
          accessLog.info({ reqId: "x", method: "GET", path: "/v1/x", status: 422, ms: 1 }, "request"),
        ),
      ],
      ["serialising a token balance answer", await micro(() => JSON.stringify(answer))],
    ];
    const base = figures[0]![1];
    const rows: BenchRow[] = figures.map(([metric, us]) => ({
      section: "request-costs",
      metric,
      value: Number(us.toFixed(2)),
      unit: "µs/request",
      note: metric.startsWith("the app") ? `${(us / base).toFixed(2)}× the bare core` : undefined,
    }));
    for (const r of rows) log(`  ${r.metric}: ${r.value} µs${r.note ? ` (${r.note})` : ""}`);
    return rows;
  },
};
