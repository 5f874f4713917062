import { describe, expect, test } from "vitest";
import { addressBook, testEnv } from "../../e2e/helpers/env.ts";
import { fuzzOperation } from "../../e2e/resilience/fuzz.ts";
import { manifest } from "../../sdk/src/manifest.ts";

/**
 * Every operation of the registry, hostile inputs generated from its schemas: never a 5xx, every 4xx in
 * the operation's envelope, a 422 names the field. Bounded here; `npm run resilience` runs ≥ 200 per op.
 */
const { url } = testEnv();
const PER_OP = Number(process.env.COMPASS_FUZZ_PER_OP ?? 60);

describe("hostile input", () => {
  test.each(manifest.map((op) => [op.operationId, op] as const))("behavior: %s", async (_id, op) => {
    const ctx = { addresses: addressBook().accounts.dev.map((a) => a.address) };
    const report = await fuzzOperation(url, op, ctx, { count: PER_OP });
    expect(report.tried).toBeGreaterThanOrEqual(Math.min(PER_OP, 20));
    expect(report.findings, JSON.stringify(report.findings.slice(0, 5), null, 2)).toEqual([]);
  });
});
