import { z } from "zod";
import { createHttpApp } from "../src/index.ts";
import type { Config } from "../src/kernel/config/env.ts";
import { loadConfig } from "../src/kernel/config/env.ts";
import { DomainError } from "../src/kernel/errors.ts";
import { defineOperation } from "../src/kernel/registry/define.ts";
import { Address, amountUnion, bigIntField, decimalString, qInt } from "../src/kernel/schemas/common.ts";

/** A tiny registry exercising every envelope, so HTTP behaviour is tested without chains or twins. */
export const testOps = [
  defineOperation({
    method: "POST",
    path: "/v2/test/echo",
    summary: "echo",
    body: z.object({
      owner: Address,
      amount: amountUnion(),
      size: decimalString({ maxDecimals: 2 }),
      id: bigIntField().optional(),
    }),
    response: z.object({
      owner: z.string(),
      amount: z.string(),
      size: z.string(),
      id: z.string().nullable(),
    }),
    handler: ({ body }) => ({
      owner: body.owner,
      amount: body.amount,
      size: body.size,
      id: body.id?.toString() ?? null,
    }),
  }),
  defineOperation({
    method: "POST",
    path: "/v2/testdomain/create",
    summary: "domain-envelope op",
    errorModel: "domain",
    body: z.object({ fiat_amount: decimalString(), destination_address: Address }),
    response: z.object({ ok: z.boolean() }),
    handler: ({ body }) => {
      if (body.fiat_amount === "13")
        throw new DomainError(402, "Identity verification required", "Verify your identity to continue");
      return { ok: true };
    },
  }),
  defineOperation({
    method: "GET",
    path: "/v2/test/items/{symbol}",
    summary: "path + query",
    widget: true,
    params: z.object({ symbol: z.string().min(1) }),
    query: z.object({ limit: qInt({ min: 1, max: 5000 }).optional() }),
    response: z.object({ symbol: z.string(), limit: z.int().nullable() }),
    handler: ({ params, query }) => ({ symbol: params.symbol, limit: query.limit ?? null }),
  }),
  defineOperation({
    method: "GET",
    path: "/v2/test/boom",
    summary: "throws",
    response: z.object({}),
    handler: () => {
      throw new Error("kaboom");
    },
  }),
];

/** Counts executions, so tests can prove an idempotent retry ran the handler once. */
export const executions = { count: 0 };
testOps.push(
  defineOperation({
    method: "POST",
    path: "/v2/test/charge",
    summary: "slow, counted",
    errorModel: "domain",
    body: z.object({
      amount: decimalString(),
      delay_ms: z.int().max(2000).optional(),
      fail: z.boolean().optional(),
    }),
    response: z.object({ charge: z.int(), amount: z.string() }),
    handler: async ({ body }) => {
      executions.count++;
      const charge = executions.count;
      if (body.delay_ms) await new Promise((r) => setTimeout(r, body.delay_ms));
      if (body.fail) throw new Error("boom");
      return { charge, amount: body.amount };
    },
  }),
);

export function testApp(env: Partial<Record<string, string>> = {}, overrides: Partial<Config> = {}) {
  const config = {
    ...loadConfig({ COMPASS_DEVNET_DIR: "/nonexistent", LOG_LEVEL: "silent", ...env }),
    ...overrides,
  };
  return createHttpApp({ config, operations: testOps });
}

export async function call(
  app: ReturnType<typeof testApp>,
  method: string,
  path: string,
  init: { body?: string; headers?: Record<string, string>; signal?: AbortSignal } = {},
) {
  const res = await app.fetch(
    new Request(`http://test${path}`, {
      method,
      body: init.body,
      signal: init.signal,
      headers: { "content-type": "application/json", ...init.headers },
    }),
  );
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, json };
}
