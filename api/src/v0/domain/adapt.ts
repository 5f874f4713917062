import type { z } from "zod";
import { RequestValidationError } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { V0_CHAINS, type V0ChainValue } from "../schemas.ts";
import type { V0Context } from "./ports.ts";

/**
 * v0 is served by the current operations' own functions: each v0 operation names the v1 operation that does its
 * work, hands it the request in v1's shape and answers in v0's. Nothing is computed twice, and a fix in v1 reaches
 * v0 — while v0's wire stays as it was.
 */
export const chainOf = (chain: V0ChainValue): ChainName => V0_CHAINS[chain];

/** Runs the v1 operation `operationId` on `input` (v1's wire shape), validated by its own schemas. */
export async function viaV1<T = any>(
  ctx: V0Context,
  operationId: string,
  input: { query?: Record<string, unknown>; body?: Record<string, unknown> },
): Promise<T> {
  const op = ctx.services.current.get(operationId);
  if (!op) throw new Error(`v0 maps to ${operationId}, which this API does not have`);
  const parse = (schema: z.ZodObject | undefined, value: unknown) => {
    if (!schema) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    // a value v0 took that v1 refuses: named as the v0 body field it came from
    throw new RequestValidationError(
      parsed.error.issues.map((issue) => ({
        loc: ["body", ...issue.path.map((p) => (typeof p === "number" ? p : String(p)))],
        msg: issue.message,
        type: "value_error",
      })),
    );
  };
  return (await op.handler(
    { params: {}, query: parse(op.query, input.query), body: parse(op.body, input.body) },
    ctx,
  )) as T;
}

/** v1's transaction (hex quantities) as v0 answered it: the same fields, numbers as integers. */
export function v0Transaction(tx: {
  chainId: string;
  data: string;
  from: string;
  gas: string | null;
  to: string;
  value: string;
  nonce: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}) {
  const int = (hex: string) => {
    const n = BigInt(hex);
    return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
  };
  return {
    chainId: int(tx.chainId),
    data: tx.data,
    from: tx.from,
    gas: int(tx.gas ?? "0x0"),
    to: tx.to,
    value: int(tx.value),
    nonce: int(tx.nonce),
    maxFeePerGas: int(tx.maxFeePerGas),
    maxPriorityFeePerGas: int(tx.maxPriorityFeePerGas),
  };
}

/** A v0 write: the v1 write `operationId` with v0's chain, answered as v0's bare transaction. */
export async function v0Write(
  ctx: V0Context,
  operationId: string,
  body: { chain: V0ChainValue; sender: string } & Record<string, unknown>,
  fields: Record<string, unknown>,
) {
  const { transaction } = await viaV1(ctx, operationId, {
    body: { ...fields, chain: chainOf(body.chain), sender: body.sender, estimate_gas: true },
  });
  return v0Transaction(transaction);
}

/** v1 writes integers beyond 2^53 as decimal strings; v0 as JSON integers: these fields of `record`, as bigints. */
export function withIntegers<T extends Record<string, unknown>, K extends keyof T>(
  record: T,
  keys: readonly K[],
): Omit<T, K> & Record<K, number | bigint> {
  const out: Record<string, unknown> = { ...record };
  for (const key of keys) {
    const v = record[key];
    out[key as string] = typeof v === "string" ? BigInt(v) : v;
  }
  return out as Omit<T, K> & Record<K, number | bigint>;
}

/** The big numbers of a position manager's record of a position. */
export const POSITION_INTEGERS = [
  "nonce",
  "liquidity",
  "fee_growth_inside0_last_x128",
  "fee_growth_inside1_last_x128",
  "tokens_owed0",
  "tokens_owed1",
] as const;

/** A v0 write's own fields, for a v1 write that names them alike: the body without v0's chain and sender. */
export function fieldsOf<B extends { chain: unknown; sender: unknown }>(
  body: B,
): Omit<B, "chain" | "sender"> {
  const { chain: _c, sender: _s, ...fields } = body;
  return fields;
}

/** What a Uniswap or Slipstream position manager records of a position, as v1 answers it. */
export type V1PositionRecord = {
  nonce: number | string;
  operator: string;
  token0: string;
  token1: string;
  tick_lower: number;
  tick_upper: number;
  liquidity: number | string;
  fee_growth_inside0_last_x128: number | string;
  fee_growth_inside1_last_x128: number | string;
  tokens_owed0: number | string;
  tokens_owed1: number | string;
};

/** A v0 amount as decimal text: a JSON number written without an exponent (1e-7 → "0.0000001"). */
export function amountText(value: number | string): string {
  return typeof value === "number"
    ? value.toLocaleString("en-US", { useGrouping: false, maximumFractionDigits: 20 })
    : value;
}
