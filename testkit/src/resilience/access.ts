import { createHash } from "node:crypto";
import { startServer, stop } from "../stack/index.ts";

export interface AccessCheck {
  name: string;
  ok: boolean;
  detail: string;
}

const SECRET = "sk_resilience_secret";
const PUBLISHABLE = "pk_resilience_widget";
const ORIGIN = "https://partner.example";

/** A production-mode server with a low limit and a publishable key: who gets in, from where, how often. */
export async function runAccess(opts: {
  port: number;
  devnetDir: string;
  user: string;
}): Promise<AccessCheck[]> {
  const server = await startServer(
    {
      name: "access",
      port: opts.port,
      ui: false,
      env: {
        COMPASS_ENV: "production",
        COMPASS_API_KEYS: `sha256:${sha(SECRET)}`,
        COMPASS_PUBLISHABLE_KEYS: `${PUBLISHABLE}@${ORIGIN}`,
        COMPASS_RATE_LIMIT: "30/60s",
        LOG_LEVEL: "error",
      },
    },
    opts.devnetDir,
  );
  const read = `/v1/token/balance?chain=ethereum&user=${opts.user}`;
  const get = (headers: Record<string, string>) => fetch(server.url + read, { headers });
  const checks: AccessCheck[] = [];
  const check = async (name: string, fn: () => Promise<[boolean, string]>) => {
    const [ok, detail] = await fn().catch((e) => [false, String(e)] as [boolean, string]);
    checks.push({ name, ok, detail });
  };
  try {
    await check("no key → 401", async () => {
      const r = await get({});
      return [r.status === 401, `${r.status} ${await r.text()}`];
    });
    await check("wrong key → 401", async () => {
      const r = await get({ "x-api-key": "sk_wrong" });
      return [r.status === 401, String(r.status)];
    });
    await check("secret key (configured as a sha256 digest) → 200", async () => {
      const r = await get({ "x-api-key": SECRET });
      return [r.status === 200, String(r.status)];
    });
    await check("publishable key from its origin → 200 with CORS", async () => {
      const r = await get({ "x-api-key": PUBLISHABLE, origin: ORIGIN });
      return [
        r.status === 200 && r.headers.get("access-control-allow-origin") === ORIGIN,
        `${r.status} ${r.headers.get("access-control-allow-origin")}`,
      ];
    });
    await check("publishable key from another origin → 403", async () => {
      const r = await get({ "x-api-key": PUBLISHABLE, origin: "https://evil.example" });
      return [r.status === 403, String(r.status)];
    });
    await check("over the rate limit → 429 with Retry-After", async () => {
      let last: Response | undefined;
      for (let i = 0; i < 40; i++) last = await get({ "x-api-key": SECRET });
      return [
        last!.status === 429 && Number(last!.headers.get("retry-after")) > 0,
        `${last!.status} retry-after ${last!.headers.get("retry-after")}`,
      ];
    });
  } finally {
    await stop(server.child);
  }
  return checks;
}

function sha(s: string): string {
  return createHash("sha256").update(s).digest("hex");
}
