import autocannon from "autocannon";

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A bounded autocannon run on loopback. */
export async function load(
  url: string,
  opts: {
    seconds?: number;
    connections?: number;
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    expectStatus?: number;
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: (opts.method ?? "GET") as any,
    body: opts.body,
    headers: { "content-type": "application/json", ...opts.headers },
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 5,
    pipelining: 1,
  });
  const ok = opts.expectStatus ?? 200;
  const wrong = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== ok)
    .reduce((n, [, v]: [string, any]) => n + v.count, 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: wrong,
  };
}
