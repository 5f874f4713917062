import { monitorEventLoopDelay } from "node:perf_hooks";
import { cpuBetween, cpuSnapshot } from "./cpu-share.ts";
import { type Latencies, type MixRequest, mixedLoad, percentile } from "./mixed-load.ts";

export interface LoadRequest {
  label: string;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  errors: number;
  non2xx: number;
  p50: number;
  p99: number;
  rps: number;
  memoryBefore: number;
  memoryAfter: number;
  /** heap in use after a forced GC, before the load and after each round (null: server lacks --expose-gc) */
  heapAfterGc: (number | null)[];
  /** entries in the shared store (rate-limit windows, idempotency records) at the same points */
  storeEntries: (number | null)[];
  /** "ok" or why the heap looks like it grows without bound */
  growth: string;
  /** latency of each operation of the mix over every round, slowest p99 first */
  perOperation: { label: string; requests: number; p50: number; p99: number; max: number }[];
  /** each round's figures, in order */
  rounds: { requests: number; rps: number; p50: number; p99: number }[];
  /** the load generator's own event-loop delay (ms): a stall here inflates every latency it measures */
  generatorDelay: { p99: number; max: number };
  /** CPU-seconds this process and what it started spent over the rounds, by what each process is (Linux) */
  cpu: { group: string; seconds: number }[];
}

interface Health {
  rss: number;
  heap: number | null;
  entries: number | null;
}

async function health(url: string, gc: boolean): Promise<Health> {
  const body = await (await fetch(`${url}/healthz${gc ? "?gc=1" : ""}`)).json();
  return {
    rss: body.memory?.rss ?? 0,
    // only a heap measured right after a forced collection (a server started with --expose-gc) says anything of leaks
    heap: gc && body.memory?.collected === true ? (body.memory.heap_used ?? null) : null,
    entries: body.shared_store?.entries ?? null,
  };
}

/**
 * The heap after GC must settle: a cache or map that grows per request shows as growth round after round.
 * Allowed: the first round's warm-up (lazy modules, JIT, pools), then under 10 MB or 15 % more at the end.
 */
function judgeGrowth(heaps: (number | null)[]): string {
  const h = heaps.filter((x): x is number => x !== null);
  if (h.length < 3) return "ok";
  const settled = h[1]!;
  const last = h.at(-1)!;
  const grew = last - settled;
  const monotonic = h.slice(1).every((x, i, a) => i === 0 || x >= a[i - 1]!);
  if (grew > Math.max(10 * 2 ** 20, settled * 0.15) && monotonic)
    return `heap after GC grew every round: ${h.map((x) => (x / 2 ** 20).toFixed(1)).join(" → ")} MB`;
  return "ok";
}

/**
 * A bounded, mixed load on loopback in rounds, after a two-second warm-up; every request must answer 2xx. Between rounds the server
 * collects garbage (`/healthz?gc=1`, started with --expose-gc) and reports its heap and shared-store size.
 */
export async function runLoad(
  url: string,
  mix: LoadRequest[],
  opts: {
    seconds: number;
    connections: number;
    headers?: Record<string, string>;
    rounds?: number;
    /** the warm-up's length (default 2 s) */
    warmupSeconds?: number;
  },
): Promise<LoadResult> {
  const requests = requestsOf(mix, opts.headers);
  // warm-up at the measured concurrency, not counted: connection pools (ours and the server's upstream agents),
  // JIT and heap sizes settle first, as they have in a server that has been serving
  await mixedLoad(url, requests, { connections: opts.connections, seconds: opts.warmupSeconds ?? 2 });
  const rounds = opts.rounds ?? 5;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const first = await health(url, true);
  const heapAfterGc = [first.heap];
  const storeEntries = [first.entries];
  const runs: Latencies[] = [];
  let last = first;
  let cpu: { group: string; seconds: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    const cpuBefore = cpuSnapshot();
    delay.enable();
    runs.push(
      await mixedLoad(url, requests, {
        connections: opts.connections,
        seconds: Math.max(1, Math.round(opts.seconds / rounds)),
        preconnect: "/healthz",
      }),
    );
    delay.disable();
    cpu = addCpu(cpu, cpuBetween(cpuBefore, cpuSnapshot()));
    if (i === rounds - 1) last = await health(url, false); // RSS as the load left it
    const after = await health(url, true);
    heapAfterGc.push(after.heap);
    storeEntries.push(after.entries);
  }
  const all = (r: Latencies) => [...r.byLabel.values()].flat().sort((a, b) => a - b);
  const everything = runs.flatMap(all).sort((a, b) => a - b);
  const ms = (x: number) => Math.round(x * 10) / 10;
  const perOperation = mix
    .map(({ label }) => {
      const t = runs.flatMap((r) => r.byLabel.get(label) ?? []).sort((a, b) => a - b);
      return {
        label,
        requests: t.length,
        p50: ms(percentile(t, 50)),
        p99: ms(percentile(t, 99)),
        max: ms(t.at(-1) ?? 0),
      };
    })
    .sort((a, b) => b.p99 - a.p99);
  const total = everything.length;
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const ok = (r: Latencies) => [...r.statuses].reduce((n, [s, k]) => n + (s >= 200 && s < 300 ? k : 0), 0);
  return {
    requests: total,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + [...r.byLabel.values()].flat().length - ok(r), 0),
    p50: ms(percentile(everything, 50)),
    p99: ms(percentile(everything, 99)),
    rps: total / seconds,
    memoryBefore: first.rss,
    memoryAfter: last.rss,
    heapAfterGc,
    storeEntries,
    growth: judgeGrowth(heapAfterGc),
    perOperation,
    generatorDelay: { p99: ms(delay.percentile(99) / 1e6), max: ms(delay.max / 1e6) },
    cpu,
    rounds: runs.map((r) => {
      const t = all(r);
      return {
        requests: t.length,
        rps: t.length / r.seconds,
        p50: ms(percentile(t, 50)),
        p99: ms(percentile(t, 99)),
      };
    }),
  };
}

function requestsOf(mix: LoadRequest[], headers: Record<string, string> = {}): MixRequest[] {
  return mix.map((m) => ({
    label: m.label,
    method: m.method,
    path: m.path,
    headers: { "content-type": "application/json", ...headers, ...m.headers },
    ...(m.body !== undefined && { body: JSON.stringify(m.body) }),
  }));
}

function addCpu(a: { group: string; seconds: number }[], b: { group: string; seconds: number }[]) {
  const by = new Map(a.map((x) => [x.group, x.seconds]));
  for (const x of b) by.set(x.group, Math.round(((by.get(x.group) ?? 0) + x.seconds) * 10) / 10);
  return [...by].map(([group, seconds]) => ({ group, seconds })).sort((x, y) => y.seconds - x.seconds);
}
