/** Field types shared by every operation. Each carries its wire description for the OpenAPI document. */
import { CHAINS, type ChainName } from "@compass/constants";
import { getAddress } from "viem";
import { z } from "zod";
import { isPlainDecimal, jsonNumberToDecimal, LosslessNumber } from "../lib/index.ts";

export { CHAINS, type ChainName };
export const Chain = z.enum(CHAINS).meta({ id: "Chain", description: "Network name" });

/** 0x address in any case; a mixed-case address must carry a valid EIP-55 checksum. Output is checksummed. */
export const Address = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const body = value.slice(2);
    if (!/^0x[0-9a-fA-F]{40}$/.test(value)) {
      ctx.addIssue({ code: "custom", message: "Value is not a valid 0x-prefixed 20-byte hex address" });
    } else if (
      body !== body.toLowerCase() &&
      body !== body.toUpperCase() &&
      getAddress(value.toLowerCase()) !== value
    ) {
      ctx.addIssue({ code: "custom", message: "Address has an invalid EIP-55 checksum" });
    }
  })
  .transform((v) => getAddress(v.toLowerCase()))
  .meta({ description: "0x-prefixed EVM address", examples: ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8"] });

const MAX_AMOUNT_DIGITS = 60;

function checkDecimal(value: string, ctx: z.RefinementCtx, opts: AmountOptions): void {
  if (value.length > MAX_AMOUNT_DIGITS + 2) {
    ctx.addIssue({ code: "custom", message: "Amount is too long" });
    return;
  }
  if (!isPlainDecimal(value.replace(/^-/, ""))) {
    ctx.addIssue({ code: "custom", message: 'Input should be a decimal number like "100" or "0.5"' });
    return;
  }
  if (value.startsWith("-")) {
    ctx.addIssue({ code: "custom", message: "Input should be greater than 0" });
    return;
  }
  if (opts.positive !== false && /^0(\.0*)?$/.test(value)) {
    ctx.addIssue({ code: "custom", message: "Input should be greater than 0" });
    return;
  }
  const places = (value.split(".")[1] ?? "").replace(/0+$/, "").length;
  if (opts.maxDecimals !== undefined && places > opts.maxDecimals) {
    ctx.addIssue({ code: "custom", message: `Input should have at most ${opts.maxDecimals} decimal places` });
  }
}

export interface AmountOptions {
  /** Reject zero (default true). Negative amounts are always rejected. */
  positive?: boolean;
  maxDecimals?: number;
  description?: string;
  example?: string;
}

/** Decimal string in human units (strings only), e.g. `"100.5"`. */
export function decimalString(opts: AmountOptions = {}) {
  return z
    .string()
    .trim()
    .superRefine((v, ctx) => checkDecimal(v, ctx, opts))
    .meta({
      description: opts.description ?? "Decimal string in human units",
      examples: [opts.example ?? "100"],
    });
}

const losslessNumber = z.custom<LosslessNumber>((v) => v instanceof LosslessNumber);

/** `number | string` amount, parsed exactly (never through a float) into a plain decimal string. */
export function amountUnion(opts: AmountOptions = {}) {
  return z
    .union([z.number(), z.string(), losslessNumber])
    .meta({
      description: opts.description ?? "Amount in human units (number or decimal string)",
      examples: [opts.example ?? "100"],
      // 0 is a legitimate value here (one side of a range, a revoked allowance): clients and fuzzers may send it
      ...(opts.positive === false ? { "x-zero-allowed": true } : {}),
    })
    .transform((v, ctx) => {
      let text: string | null;
      if (typeof v === "string") text = v.trim();
      else if (typeof v === "number") text = Number.isFinite(v) ? jsonNumberToDecimal(String(v)) : null;
      else text = jsonNumberToDecimal(v.text);
      if (text === null) {
        ctx.addIssue({ code: "custom", message: "Input should be a finite decimal number" });
        return z.NEVER;
      }
      checkDecimal(text, ctx, opts);
      return text;
    });
}

/** Unsigned integer that may exceed 2^53 (e.g. uint128 client order ids): JSON integer or digit string. */
export function bigIntField(opts: { max?: bigint; description?: string; format?: "uint128" } = {}) {
  return z
    .union([z.number(), z.string(), losslessNumber])
    .meta({
      description: opts.description,
      type: "integer",
      ...(opts.format && { format: opts.format }),
    } as any)
    .transform((v, ctx) => {
      const text = typeof v === "string" ? v.trim() : typeof v === "number" ? String(v) : v.text;
      if (!/^(0|[1-9][0-9]{0,77})$/.test(text)) {
        ctx.addIssue({ code: "custom", message: "Input should be a non-negative integer" });
        return z.NEVER;
      }
      const n = BigInt(text);
      if (opts.max !== undefined && n > opts.max) {
        ctx.addIssue({ code: "custom", message: `Input should be less than or equal to ${opts.max}` });
        return z.NEVER;
      }
      return n;
    });
}

/** JSON integer that must fit in a double exactly (ms timestamps, raw amounts below 2^53). */
export const SafeInt = z.int();

/** Strict JSON number (not a string); LosslessNumber literals are converted when finite. */
export function jsonNumber() {
  return z.union([z.number(), losslessNumber]).transform((v, ctx) => {
    const n = typeof v === "number" ? v : Number(v.text);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: "Input should be a finite number" });
      return z.NEVER;
    }
    return n;
  });
}

/* ---- query parameters arrive as strings ---- */

export function qInt(opts: { min?: number; max?: number; description?: string } = {}) {
  let inner = z.int();
  if (opts.min !== undefined) inner = inner.min(opts.min);
  if (opts.max !== undefined) inner = inner.max(opts.max);
  return z
    .string()
    .regex(/^-?[0-9]{1,16}$/, "Input should be a valid integer")
    .transform(Number)
    .pipe(inner)
    .meta({
      description: opts.description,
      type: "integer",
      ...(opts.min !== undefined && { minimum: opts.min }),
      ...(opts.max !== undefined && { maximum: opts.max }),
    } as any);
}

export function qNumber(opts: { description?: string } = {}) {
  return z
    .string()
    .regex(/^-?(0|[1-9][0-9]{0,30})(\.[0-9]{1,30})?$/, "Input should be a valid number")
    .transform(Number)
    .meta({ description: opts.description, type: "number" } as any);
}

export function qBool(opts: { description?: string } = {}) {
  return z
    .enum(["true", "false", "1", "0"])
    .transform((v) => v === "true" || v === "1")
    .meta({ description: opts.description, type: "boolean" } as any);
}

/* ---- response pieces ---- */

export const UnsignedTransaction = z
  .object({
    chainId: z.string().describe('hex chain id, e.g. "0x1"'),
    data: z.string(),
    from: z.string(),
    gas: z.string().nullable().describe("hex gas limit; pass it as the explicit gas limit"),
    to: z.string(),
    value: z.string(),
    nonce: z.string(),
    maxFeePerGas: z.string(),
    maxPriorityFeePerGas: z.string(),
  })
  .meta({ id: "UnsignedTransaction", description: "Transaction for the sender to sign and broadcast" });

export const TypedData = z
  .object({
    domain: z.record(z.string(), z.unknown()),
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    primaryType: z.string(),
    message: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "TypedData", description: "EIP-712 payload {domain, types, primaryType, message}" });

export const HTTPValidationError = z
  .object({
    detail: z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.int()])),
        msg: z.string(),
        type: z.string(),
      }),
    ),
  })
  .meta({ id: "HTTPValidationError" });

export const DomainErrorBody = z
  .object({
    error: z.string().describe("short label"),
    message: z.string().describe("human-readable detail naming the field or cause"),
  })
  .meta({ id: "ErrorResponse" });

export const DetailErrorBody = z.object({ detail: z.string() }).meta({ id: "DetailError" });

/**
 * A token given by symbol or 0x address. The JSON Schema says what contract an address must hold
 * (`x-contract`), so clients and the hostile-input generator know an EOA or another contract is refused.
 */
export const TokenRef = (description: string) =>
  z.string().trim().min(1).max(64).describe(description).meta({ "x-contract": "erc20" });
