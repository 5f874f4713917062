import { createServer, type Server } from "node:http";
import { casesFor, fuzzOperation } from "@compass/testkit/resilience";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { operationModels } from "../../scripts/gen/model.ts";
import { createHttpApp } from "../../src/index.ts";
import { loadConfig } from "../../src/kernel/config/env.ts";
import { buildOpenApi } from "../../src/kernel/openapi/build.ts";
import { defineOperation } from "../../src/kernel/registry/define.ts";
import { Address, decimalString } from "../../src/kernel/schemas/common.ts";
import { testOps } from "../fixtures.ts";

/** The hostile-input harness must catch what it claims to: a 5xx, a bad envelope, an unnamed field. */
const buggy = defineOperation({
  method: "POST",
  path: "/v2/buggy/op",
  summary: "deliberately wrong",
  body: z.object({ owner: Address, amount: decimalString(), note: z.string().optional() }),
  response: z.object({}),
  handler: ({ body }) => {
    if (body.note?.includes("💥")) throw new Error("crash on unicode");
    return {};
  },
});
const ops = [...testOps, buggy];
let server: Server;
let url: string;

beforeAll(async () => {
  const app = createHttpApp({
    config: loadConfig({ COMPASS_DEVNET_DIR: "/x", LOG_LEVEL: "silent", COMPASS_RATE_LIMIT: "off" }),
    operations: ops,
  });
  server = createServer(app.listener);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const manifestOf = (id: string) =>
  operationModels(buildOpenApi(ops, { env: "staging" })).find((m) => m.operationId === id)!;
const ctx = { addresses: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"] };

describe("fuzz harness", () => {
  test("behavior: a correct operation yields no findings", async () => {
    const report = await fuzzOperation(url, manifestOf("v2_test_echo"), ctx, { count: 200 });
    expect(report.tried).toBeGreaterThanOrEqual(200);
    expect(report.findings, JSON.stringify(report.findings, null, 1)).toEqual([]);
  });

  test("behavior: a crash on some input is reported as a 5xx finding", async () => {
    const report = await fuzzOperation(url, manifestOf("v2_buggy_op"), ctx, { count: 60 });
    expect(report.findings.some((f) => f.problem === "5xx" && f.case === "note: unicode")).toBe(true);
  });

  test("parameters: a systematic cap draws a seeded sample — the baseline always, the same cases for one seed, others for another", () => {
    const op = manifestOf("v2_test_echo");
    const all = casesFor(op, ctx, 0, 1).map((c) => c.label);
    expect(all.length).toBeGreaterThan(12);
    const sample = (seed: number) => casesFor(op, ctx, 0, seed, 12).map((c) => c.label);
    expect(sample(1)).toHaveLength(12);
    expect(sample(1)[0]).toBe("baseline");
    expect(sample(1)).toEqual(sample(1));
    expect(new Set(sample(1)).size).toBe(12);
    expect(sample(1).every((l) => all.includes(l))).toBe(true);
    // across seeds the samples reach cases a single one left out
    const seen = new Set([1, 2, 3, 4, 5, 6, 7, 8].flatMap(sample));
    expect(seen.size).toBeGreaterThan(12);
  });
});
