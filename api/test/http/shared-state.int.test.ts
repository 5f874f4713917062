import { afterAll, describe, expect, test } from "vitest";
import { createHttpApp, type HttpApp } from "../../src/index.ts";
import { loadConfig } from "../../src/kernel/config/env.ts";
import { createServices } from "../../src/services.ts";
import { executions, testOps } from "../fixtures.ts";

/**
 * The API holds no state but rate-limit counters and idempotency records. With REDIS_URL, several
 * instances share them: two apps, each with its own Redis connection, behave as one.
 */
const url = process.env.REDIS_TEST_URL;
const run = Date.now().toString(36);
const apps: HttpApp[] = [];

/** Two instances sharing one Redis; each test uses its own key, so its counters start at zero. */
function pair(key: string): [HttpApp, HttpApp] {
  const make = () => {
    const config = loadConfig({
      COMPASS_DEVNET_DIR: "/x",
      LOG_LEVEL: "silent",
      REDIS_URL: url,
      COMPASS_API_KEYS: key,
      COMPASS_RATE_LIMIT: "4/60s",
    });
    const app = createHttpApp({ config, services: createServices(config), operations: testOps });
    apps.push(app);
    return app;
  };
  return [make(), make()];
}

function req(app: HttpApp, key: string, path: string, init: RequestInit = {}) {
  return app.fetch(
    new Request(`http://t${path}`, {
      ...init,
      headers: { "x-api-key": key, "content-type": "application/json", ...init.headers },
    }),
  );
}

afterAll(async () => {
  for (const app of apps) await app.services.shared.close();
});

describe.skipIf(!url)("two instances on one Redis", () => {
  test("behavior: the rate limit is shared", async () => {
    const key = `sk_limit_${run}`;
    const [a, b] = pair(key);
    expect(a.services.shared.kind).toBe("redis");
    const statuses = [];
    for (const app of [a, b, a, b, a]) statuses.push((await req(app, key, "/v2/test/items/X")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await req(b, key, "/v2/test/items/X")).headers.get("retry-after")).toBeTruthy();
  });

  test("behavior: an idempotency key used on one instance replays on the other, and the handler ran once", async () => {
    const apiKey = `sk_idem_${run}`;
    const [a, b] = pair(apiKey);
    const key = `order-${run}`;
    const body = JSON.stringify({ amount: "25" });
    const before = executions.count;
    const first = await req(a, apiKey, "/v2/test/charge", {
      method: "POST",
      body,
      headers: { "idempotency-key": key },
    });
    const second = await req(b, apiKey, "/v2/test/charge", {
      method: "POST",
      body,
      headers: { "idempotency-key": key },
    });
    expect(first.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual(await first.json());
    expect(executions.count - before).toBe(1);
  });
});
