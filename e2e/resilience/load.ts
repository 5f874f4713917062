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
}

async function rss(url: string): Promise<number> {
  const body = await (await fetch(`${url}/healthz`)).json();
  return body.memory?.rss ?? 0;
}

/** A bounded, mixed load on loopback; every request must answer 2xx. Memory is read from /healthz. */
export async function runLoad(
  url: string,
  mix: LoadRequest[],
  opts: { seconds: number; connections: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const warm = await autocannon({
    url,
    connections: 10,
    duration: 1,
    requests: requestsOf(mix, opts.headers),
  });
  void warm;
  const memoryBefore = await rss(url);
  const r = await autocannon({
    url,
    connections: opts.connections,
    duration: opts.seconds,
    requests: requestsOf(mix, opts.headers),
  });
  const memoryAfter = await rss(url);
  return {
    requests: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    memoryBefore,
    memoryAfter,
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
