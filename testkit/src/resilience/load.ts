import autocannon from "autocannon";

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
    heap: gc ? (body.memory?.heap_used ?? null) : null,
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
 * A bounded, mixed load on loopback in rounds; every request must answer 2xx. Between rounds the server
 * collects garbage (`/healthz?gc=1`, started with --expose-gc) and reports its heap and shared-store size.
 */
export async function runLoad(
  url: string,
  mix: LoadRequest[],
  opts: { seconds: number; connections: number; headers?: Record<string, string>; rounds?: number },
): Promise<LoadResult> {
  const requests = requestsOf(mix, opts.headers);
  await autocannon({ url, connections: 10, duration: 1, requests });
  const rounds = opts.rounds ?? 5;
  const first = await health(url, true);
  const heapAfterGc = [first.heap];
  const storeEntries = [first.entries];
  const runs: autocannon.Result[] = [];
  let last = first;
  for (let i = 0; i < rounds; i++) {
    runs.push(
      await autocannon({
        url,
        connections: opts.connections,
        duration: Math.max(1, Math.round(opts.seconds / rounds)),
        requests,
      }),
    );
    if (i === rounds - 1) last = await health(url, false); // RSS as the load left it
    const after = await health(url, true);
    heapAfterGc.push(after.heap);
    storeEntries.push(after.entries);
  }
  const total = runs.reduce((n, r) => n + r.requests.total, 0);
  const seconds = runs.reduce((n, r) => n + r.duration, 0);
  const p50s = runs.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    requests: total,
    errors: runs.reduce((n, r) => n + r.errors + r.timeouts, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    rps: total / seconds,
    memoryBefore: first.rss,
    memoryAfter: last.rss,
    heapAfterGc,
    storeEntries,
    growth: judgeGrowth(heapAfterGc),
  };
}

function requestsOf(mix: LoadRequest[], headers: Record<string, string> = {}) {
  return mix.map((m) => ({
    method: m.method,
    path: m.path,
    headers: { "content-type": "application/json", ...headers, ...m.headers },
    ...(m.body !== undefined && { body: JSON.stringify(m.body) }),
  }));
}
