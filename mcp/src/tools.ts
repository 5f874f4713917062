import type { OperationManifest } from "@compass/sdk/manifest";
import { z } from "zod";

type Json = Record<string, any>;

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
  return shape;
}

/** JSON Schema → zod, permissive on formats: the API validates every field and answers a 422 naming it. */
function toZod(schema: Json): z.ZodType {
  try {
    const { pattern: _p, format: _f, ...rest } = schema;
    return z.fromJSONSchema(stripPatterns(rest) as any) as z.ZodType;
  } catch {
    return z.any();
  }
}

function stripPatterns(node: any): any {
  if (Array.isArray(node)) return node.map(stripPatterns);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) if (k !== "pattern" && k !== "format") out[k] = stripPatterns(v);
  return out;
}

const BROWSER_NOTE: Record<string, string> = {
  v2_onramp_create:
    "The card payment and identity check happen in a browser: give the returned checkout_url to the user to open, then poll v2_onramp_status until delivered or failed.",
};

export function toolDescription(op: OperationManifest): string {
  const parts = [op.summary];
  if (op.description) parts.push(op.description);
  // A browser step is the whole story of such a tool: it builds nothing for a wallet to sign.
  if (BROWSER_NOTE[op.operationId]) parts.push(BROWSER_NOTE[op.operationId]!);
  else if (!op.readOnly && !op.destructive)
    parts.push(
      "Builds an unsigned transaction or typed data for the user's wallet to sign; nothing is submitted.",
    );
  parts.push(`HTTP: ${op.method} ${op.path}`);
  return parts.join("\n\n");
}

/** Split the merged tool arguments back into path params, query and body. */
export function splitArgs(op: OperationManifest, args: Record<string, unknown>) {
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  const where = new Map(op.params.map((p) => [p.name, p.in]));
  for (const [k, v] of Object.entries(args ?? {})) {
    if (v === undefined) continue;
    const w = where.get(k);
    if (w === "path") params[k] = String(v);
    else if (w === "query") query[k] = v;
    else body[k] = v;
  }
  return { params, query, ...(op.body && { body }) };
}
