/**
 * Two API instances behind Debian's nginx, sharing one Redis: throughput against one instance alone, rate limits and
 * idempotency records shared across them, and a load through the balancer while one instance is killed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type MixRequest, mixedLoad } from "./resilience/mixed-load.ts";
import { type RunningServer, startServer } from "./stack/launch.ts";
import { startNginx } from "./stack/nginx.ts";
import { stop } from "./stack/proc.ts";

export interface ScaleOutReport {
  /** req/s of the same mix at concurrency 50: one instance directly, and two behind nginx */
  throughput: { one: number; two: number };
  /** `ratelimit-remaining` over consecutive requests through the balancer, and which instance answered each */
  rateLimit: { remaining: number[]; upstreams: string[]; shared: boolean };
  /** the same Idempotency-Key sent twice through the balancer */
  idempotency: { upstreams: string[]; replayed: boolean; sameBody: boolean };
  /** a load through nginx during which one instance is SIGKILLed */
  kill: { requests: number; errors: number; non2xx: number };
}

export async function runScaleOut(o: {
  devnetDir: string;
  redisUrl: string;
  /** five free ports from here: two instances, nginx, and spares */
  portBase: number;
  dir: string;
  seconds?: number;
  log?: (line: string) => void;
}): Promise<ScaleOutReport> {
  const log = o.log ?? (() => {});
  const seconds = o.seconds ?? 4;
  const book = JSON.parse(readFileSync(join(o.devnetDir, "addressbook.json"), "utf8"));
  const dev = (i: number) => book.accounts.dev[i].address as string;
  const env = {
    COMPASS_ENV: "staging",
    REDIS_URL: o.redisUrl,
    // high enough never to refuse the load, low enough to count: the counter is what is checked
    COMPASS_RATE_LIMIT: "10000000/60s",
    LOG_LEVEL: "warn",
  };
  const instance = (name: string, port: number) =>
    startServer({ name, port, ui: false, env, logFile: join(o.dir, `${name}.log`) }, o.devnetDir);
  const servers: RunningServer[] = await Promise.all([
    instance("a", o.portBase),
    instance("b", o.portBase + 1),
  ]);
  const balancer = await startNginx({
    port: o.portBase + 2,
    upstreams: servers.map((s) => s.url),
    dir: o.dir,
  });
  try {
    const json = { "content-type": "application/json" };
    const mix: MixRequest[] = [
      {
        label: "balance",
        method: "GET",
        path: `/v1/token/balance?chain=ethereum&user=${dev(1)}&token=USDC`,
        headers: json,
      },
      {
        label: "balance base",
        method: "GET",
        path: `/v1/token/balance?chain=base&user=${dev(2)}&token=ETH`,
        headers: json,
      },
      {
        label: "wrap build",
        method: "POST",
        path: "/v1/generic/wrap_eth",
        headers: json,
        body: JSON.stringify({ chain: "ethereum", sender: dev(1), amount: "0.01" }),
      },
    ];
    const rps = async (url: string) => {
      await mixedLoad(url, mix, { connections: 10, seconds: 1 });
      const r = await mixedLoad(url, mix, { connections: 50, seconds });
      return [...r.byLabel.values()].flat().length / r.seconds;
    };
    const one = await rps(servers[0]!.url);
    const two = await rps(balancer.url);
    log(`  scale-out: ${Math.round(one)} req/s one instance, ${Math.round(two)} req/s two behind nginx`);

    // the shared rate-limit counter: consecutive requests, alternately answered, count down one by one
    let rateLimit: ScaleOutReport["rateLimit"] = { remaining: [], upstreams: [], shared: false };
    for (let attempt = 0; attempt < 2 && !rateLimit.shared; attempt++) {
      const remaining: number[] = [];
      const upstreams: string[] = [];
      const resets = new Set<string>();
      for (let i = 0; i < 8; i++) {
        const res = await fetch(`${balancer.url}${mix[0]!.path}`);
        await res.text();
        remaining.push(Number(res.headers.get("ratelimit-remaining")));
        upstreams.push(res.headers.get("x-upstream") ?? "");
        resets.add(res.headers.get("ratelimit-reset") ?? "");
      }
      const countsDown = remaining.every((r, i) => i === 0 || r === remaining[i - 1]! - 1);
      rateLimit = { remaining, upstreams, shared: countsDown && new Set(upstreams).size === 2 };
    }

    // one Idempotency-Key, two instances: the second answer is the first one replayed
    const key = `scale-out-${Date.now().toString(36)}`;
    const send = () =>
      fetch(`${balancer.url}${mix[2]!.path}`, {
        method: "POST",
        headers: { ...json, "idempotency-key": key },
        body: mix[2]!.body,
      });
    const first = await send();
    const second = await send();
    const [a, b] = [await first.text(), await second.text()];
    const idempotency = {
      upstreams: [first.headers.get("x-upstream") ?? "", second.headers.get("x-upstream") ?? ""],
      replayed: second.headers.get("idempotent-replayed") === "true",
      sameBody: a === b && first.status === 200,
    };

    // one instance dies mid-load: nginx sends what it was given, and what comes after, to the other
    const killer = setTimeout(() => servers[0]!.child.kill("SIGKILL"), (seconds * 1000) / 3);
    const loaded = await mixedLoad(balancer.url, mix, { connections: 50, seconds });
    clearTimeout(killer);
    const answered = [...loaded.byLabel.values()].flat().length;
    const ok = [...loaded.statuses].reduce((n, [s, k]) => n + (s === 200 ? k : 0), 0);
    const kill = { requests: answered, errors: loaded.errors, non2xx: answered - ok };
    log(
      `  scale-out: instance a killed under load: ${answered} answered, ${kill.errors} errors, ${kill.non2xx} non-2xx`,
    );
    return { throughput: { one, two }, rateLimit, idempotency, kill };
  } finally {
    await balancer.stop();
    await Promise.all(servers.map((s) => stop(s.child)));
  }
}
