/**
 * A plausible valid value for each field of an operation, derived from its JSON Schema (itself derived
 * from the zod schemas in the registry): schema examples first, then enums, then by type and name.
 */
type Json = Record<string, any>;

export interface BaselineContext {
  /** funded devnet addresses to use for owner/user/destination-like fields */
  addresses: string[];
  /** a deployed contract for each `x-contract` kind a field may require (e.g. `pendle-market`) */
  contracts?: Record<string, string>;
}

export function baselineValue(name: string, schema: Json, ctx: BaselineContext): unknown {
  if (schema.examples?.length) {
    const ex = schema.examples[0];
    return typeof ex === "string" && /^0x[0-9a-fA-F]{40}$/.test(ex) ? ctx.addresses[0] : ex;
  }
  if (schema.default !== undefined) return schema.default;
  const kind = schema["x-contract"];
  if (kind && ctx.contracts?.[kind]) return ctx.contracts[kind];
  // a token field takes a symbol: the one every chain has
  if (schema["x-contract"] === "erc20") return "USDC";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const branches: Json[] = schema.anyOf ?? schema.oneOf ?? [];
  const nonNull = branches.find((b) => b.type !== "null");
  if (nonNull) return baselineValue(name, { ...nonNull, description: schema.description }, ctx);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== "null") : schema.type;
  if (
    /address|owner|user|sender|recipient|destination|spender|builder$|^to$/i.test(name) &&
    type !== "object"
  )
    return ctx.addresses[0];
  switch (type) {
    case "string":
      return /amount|size|price|fiat/i.test(name) ? "1" : schema.pattern ? undefined : "test";
    case "integer":
      return Math.max(schema.minimum ?? 1, 1);
    case "number":
      return Math.max(schema.minimum ?? 1, 1);
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return baselineObject(schema, ctx);
    default:
      return "1";
  }
}

export function baselineObject(schema: Json, ctx: BaselineContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set<string>(schema.required ?? []);
  for (const [key, sub] of Object.entries<Json>(schema.properties ?? {})) {
    if (!required.has(key)) continue;
    const v = baselineValue(key, sub, ctx);
    if (v !== undefined) out[key] = v;
  }
  return out;
}
