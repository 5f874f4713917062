import type { OperationManifest } from "@compass/sdk/manifest";
import { z } from "zod";

type Json = Record<string, any>;

/** The optional argument create tools take, sent as the `Idempotency-Key` header. */
export const IDEMPOTENCY_ARG = "idempotency_key";

/** A POST that is not safe to repeat: it takes an idempotency key. */
export function takesIdempotencyKey(op: OperationManifest): boolean {
  return op.method === "POST" && !op.idempotent && !op.readOnly;
}

/** One merged input object per tool: path, query and body fields under their wire names. */
export function inputShape(op: OperationManifest): Record<string, z.ZodType> {
  const shape: Record<string, z.ZodType> = {};
  const add = (name: string, schema: Json, required: boolean, description?: string) => {
    let field = toZod(schema);
    const text = schema.description ?? description;
    if (text) field = field.describe(text);
    shape[name] = required ? field : field.optional();
  };
  for (const p of op.params) add(p.name, p.schema, p.required, p.description);
  const required = new Set<string>(op.body?.required ?? []);
  for (const [name, schema] of Object.entries<Json>(op.body?.properties ?? {}))
    add(name, schema, required.has(name));
  if (takesIdempotencyKey(op) && !(IDEMPOTENCY_ARG in shape))
    shape[IDEMPOTENCY_ARG] = z
      .string()
      .min(1)
      .max(255)
      .regex(/^[\x21-\x7e]+$/)
      .optional()
      .describe(
        "Optional key (1–255 printable ASCII, e.g. a UUID) sent as Idempotency-Key: repeating the call with the same key and arguments within 24 h returns the first answer instead of acting twice. Without it, a key is generated for this call's own retries.",
      );
  return shape;
}

/**
 * The input schema clients see: the registry's own JSON Schema for each field (wire names, enums,
 * `pattern`, `format` — including formats zod does not know, such as `uint128`), merged into one object.
 */
export function jsonInputSchema(op: OperationManifest): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const p of op.params) {
    properties[p.name] = {
      ...p.schema,
      ...(p.description && !p.schema.description && { description: p.description }),
    };
    if (p.required) required.push(p.name);
  }
  for (const [name, schema] of Object.entries<Json>(op.body?.properties ?? {})) properties[name] = schema;
  required.push(...((op.body?.required ?? []) as string[]));
  const shape = inputShape(op);
  if (IDEMPOTENCY_ARG in shape && !(IDEMPOTENCY_ARG in properties))
    properties[IDEMPOTENCY_ARG] = {
      type: "string",
      minLength: 1,
      maxLength: 255,
      pattern: "^[\\x21-\\x7e]+$",
      description: shape[IDEMPOTENCY_ARG]!.description,
    };
  return { type: "object", properties, ...(required.length && { required }) };
}

/**
 * JSON Schema → zod (the server's own validation of a call), keeping `pattern` and `format` so clients see (and validate) what the API will check.
 * A format zod does not know (`uint128`) is carried as metadata, so it still reaches the tool's schema.
 */
function toZod(schema: Json): z.ZodType {
  let field: z.ZodType;
  try {
    field = z.fromJSONSchema(schema as any) as z.ZodType;
  } catch {
    field = z.any();
  }
  const emitted = safeJsonSchema(field);
  if (typeof schema.format === "string" && emitted && emitted.format === undefined)
    field = field.meta({ format: schema.format });
  return field;
}

function safeJsonSchema(field: z.ZodType): Json | undefined {
  try {
    return z.toJSONSchema(field, { unrepresentable: "any" }) as Json;
  } catch {
    return undefined;
  }
}

const BROWSER_NOTE: Record<string, string> = {
  v2_onramp_create:
    "The card payment and identity check happen in a browser: give the returned checkout_url to the user to open, then poll v2_onramp_status until delivered or failed.",
};

export function toolDescription(op: OperationManifest): string {
  const parts = [op.summary];
  if (op.description) parts.push(op.description);
  // A browser step is the whole story of such a tool: it builds nothing for a wallet to sign.
  if (BROWSER_NOTE[op.mcpName]) parts.push(BROWSER_NOTE[op.mcpName]!);
  else if (!op.readOnly && !op.destructive)
    parts.push(
      "Builds an unsigned transaction or typed data for the user's wallet to sign; nothing is submitted.",
    );
  if (op.simulated)
    parts.push(
      "The answer starts with `simulation`: what signing it does, simulated on chain — asset_changes (signed amounts and USD per holder), approvals left, fee, warnings. Read it, and tell the user what leaves and arrives and every warning, before they sign.",
    );
  parts.push(`HTTP: ${op.method} ${op.path}`);
  return parts.join("\n\n");
}

/** Split the merged tool arguments back into path params, query and body (and the idempotency key). */
export function splitArgs(op: OperationManifest, args: Record<string, unknown>) {
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const where = new Map(op.params.map((p) => [p.name, p.in]));
  const bodyFields = new Set(Object.keys(op.body?.properties ?? {}));
  let idempotencyKey: string | undefined;
  for (const [k, v] of Object.entries(args ?? {})) {
    if (v === undefined) continue;
    if (k === IDEMPOTENCY_ARG && takesIdempotencyKey(op) && !bodyFields.has(k)) {
      idempotencyKey = String(v);
      continue;
    }
    const w = where.get(k);
    if (w === "path") params[k] = String(v);
    else if (w === "query") query[k] = v;
    else body[k] = v;
  }
  return { params, query, ...(op.body && { body }), idempotencyKey };
}
