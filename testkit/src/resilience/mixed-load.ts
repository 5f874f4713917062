/**
 * A closed-loop load on loopback that keeps each request's label: `connections` keep-alive connections, each sending
 * the mix's requests in turn (offset per connection, so every operation is in flight at once), for `seconds`.
 * autocannon gives one histogram for a whole mix; this gives the latency of every operation.
 */
import { Agent, request } from "node:http";

export interface MixRequest {
  label: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Latencies {
  /** ms per response, by label */
  byLabel: Map<string, number[]>;
  statuses: Map<number, number>;
  errors: number;
  seconds: number;
}

/** The p-th percentile of ascending `sorted` samples (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function mixedLoad(
  url: string,
  mix: MixRequest[],
  opts: {
    connections: number;
    seconds: number;
    timeoutMs?: number;
    /** a cheap path requested once on every connection before the clock starts, as wrk and autocannon connect first */
    preconnect?: string;
  },
): Promise<Latencies> {
  const { hostname, port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  if (opts.preconnect) {
    const path = opts.preconnect;
    await Promise.all(
      Array.from(
        { length: opts.connections },
        () =>
          new Promise<void>((resolve) => {
            const req = request({ agent, host: hostname, port, path, method: "GET" }, (res) => {
              res.resume();
              res.once("end", resolve);
            });
            req.once("error", () => resolve());
            req.end();
          }),
      ),
    );
  }
  const byLabel = new Map<string, number[]>(mix.map((m) => [m.label, []]));
  const statuses = new Map<number, number>();
  let errors = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const one = (m: MixRequest) =>
    new Promise<void>((resolve) => {
      const t = performance.now();
      const req = request(
        {
          agent,
          host: hostname,
          port,
          method: m.method,
          path: m.path,
          headers:
            m.body === undefined ? m.headers : { ...m.headers, "content-length": Buffer.byteLength(m.body) },
          timeout: opts.timeoutMs ?? 10_000,
        },
        (res) => {
          res.resume();
          res.once("end", () => {
            byLabel.get(m.label)!.push(performance.now() - t);
            statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.once("timeout", () => req.destroy(new Error("timeout")));
      req.once("error", () => {
        errors++;
        resolve();
      });
      req.end(m.body);
    });
  await Promise.all(
    Array.from({ length: opts.connections }, async (_, c) => {
      for (let i = c; performance.now() < deadline; i++) await one(mix[i % mix.length]!);
    }),
  );
  agent.destroy();
  return { byLabel, statuses, errors, seconds: (performance.now() - started) / 1000 };
}
