import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runScaleOut, type ScaleOutReport } from "@compass/testkit/scale-out";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * Two shipped servers behind Debian's nginx, sharing the integration run's Redis: one rate-limit counter, one set of
 * idempotency records, and nothing lost when one instance is killed under load.
 */
const dir = mkdtempSync(join(tmpdir(), "compass-scale-out-"));
let report: ScaleOutReport;

beforeAll(async () => {
  report = await runScaleOut({
    devnetDir: process.env.COMPASS_DEVNET_DIR!,
    redisUrl: process.env.REDIS_TEST_URL!,
    portBase: Number(process.env.COMPASS_TEST_SCALE_OUT_PORT ?? 18615),
    dir,
    seconds: 3,
  });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("scale out: two instances behind nginx", () => {
  test("default: the balancer spreads requests, and the rate-limit counter they share counts each one once", () => {
    expect(new Set(report.rateLimit.upstreams).size, JSON.stringify(report.rateLimit)).toBe(2);
    expect(report.rateLimit.shared, JSON.stringify(report.rateLimit)).toBe(true);
  });

  test("default: an Idempotency-Key sent to one instance is replayed by the other", () => {
    expect(report.idempotency.upstreams[0]).not.toBe(report.idempotency.upstreams[1]);
    expect(report.idempotency).toMatchObject({ replayed: true, sameBody: true });
  });

  test("default: killing one instance under load loses no request", () => {
    expect(report.kill.requests).toBeGreaterThan(50);
    expect(report.kill).toMatchObject({ errors: 0, non2xx: 0 });
  });
});
