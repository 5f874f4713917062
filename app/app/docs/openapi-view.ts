/**
 * Reading the OpenAPI document for the reference page: refs resolved, types described in a word, fields
 * listed, example bodies built from examples, defaults and enums. No rendering here.
 */

export type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  pattern?: string;
};

export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Schema;
}

export interface OperationDoc {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
  "x-compass"?: {
    group: string;
    name: string;
    readOnly?: boolean;
    destructive?: boolean;
    idempotent?: boolean;
  };
}

export interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, Schema> };
}

export interface Endpoint {
  method: string;
  path: string;
  op: OperationDoc;
}

export interface Field {
  name: string;
  type: string;
  /** component name the type refers to, for a link */
  ref?: string;
  required: boolean;
  description?: string;
  constraints: string[];
}

export const refName = (ref: string) => ref.replace("#/components/schemas/", "");

export function resolve(doc: OpenApiDoc, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let depth = 0; s.$ref && depth < 10; depth++)
    s = { ...doc.components.schemas[refName(s.$ref)], ...omitRef(s) };
  return s;
}

function omitRef(s: Schema): Schema {
  const { $ref: _, ...rest } = s;
  return rest;
}

/** Endpoints grouped by tag, in the document's tag order (the registry's order within a tag). */
export function endpointsByTag(
  doc: OpenApiDoc,
): { tag: string; description?: string; endpoints: Endpoint[] }[] {
  const groups = new Map<string, Endpoint[]>((doc.tags ?? []).map((t) => [t.name, []]));
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? "other";
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method: method.toUpperCase(), path, op });
    }
  return [...groups]
    .filter(([, endpoints]) => endpoints.length)
    .map(([tag, endpoints]) => ({
      tag,
      description: doc.tags?.find((t) => t.name === tag)?.description,
      endpoints,
    }));
}

/** A type in a few words: `string`, `integer`, `USDC | ETH`, `array of Position`, `Chain`. */
export function typeOf(doc: OpenApiDoc, schema: Schema | undefined): { text: string; ref?: string } {
  if (!schema) return { text: "any" };
  if (schema.$ref) {
    const name = refName(schema.$ref);
    const target = doc.components.schemas[name];
    return { text: name, ref: target?.properties || target?.enum ? name : undefined };
  }
  if (schema.enum) return { text: schema.enum.map((v) => JSON.stringify(v)).join(" | ") };
  if (schema.const !== undefined) return { text: JSON.stringify(schema.const) };
  const union = schema.anyOf ?? schema.oneOf;
  if (union) {
    const parts = union.filter((s) => s.type !== "null").map((s) => typeOf(doc, s));
    const nullable = union.length > parts.length ? " | null" : "";
    return { text: parts.map((p) => p.text).join(" | ") + nullable, ref: parts.find((p) => p.ref)?.ref };
  }
  if (schema.allOf?.length === 1) return typeOf(doc, schema.allOf[0]);
  if (schema.type === "array") {
    const item = typeOf(doc, schema.items);
    return { text: `array of ${item.text}`, ref: item.ref };
  }
  if (
    schema.type === "object" &&
    schema.additionalProperties &&
    typeof schema.additionalProperties === "object"
  ) {
    const value = typeOf(doc, schema.additionalProperties);
    return { text: `map of ${value.text}`, ref: value.ref };
  }
  const type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== "null").join(" | ") : schema.type;
  return { text: schema.format ? `${type ?? "any"} (${schema.format})` : (type ?? "any") };
}

function constraints(s: Schema): string[] {
  const out: string[] = [];
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  // the bounds every safe integer has say nothing
  if (s.minimum !== undefined && s.minimum > Number.MIN_SAFE_INTEGER) out.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) out.push(`≤ ${s.maximum}`);
  if (s.examples?.length) out.push(`e.g. ${JSON.stringify(s.examples[0])}`);
  return out;
}

export function fieldsOf(doc: OpenApiDoc, schema: Schema | undefined): Field[] {
  const s = resolve(doc, schema);
  return Object.entries(s.properties ?? {}).map(([name, prop]) => {
    const type = typeOf(doc, prop);
    return {
      name,
      type: type.text,
      ref: type.ref,
      required: s.required?.includes(name) ?? false,
      description: prop.description ?? resolve(doc, prop).description,
      constraints: constraints(prop),
    };
  });
}

export function parameterFields(doc: OpenApiDoc, params: Parameter[] = []): (Field & { in: string })[] {
  return params.map((p) => {
    const type = typeOf(doc, p.schema);
    return {
      name: p.name,
      in: p.in,
      type: type.text,
      ref: type.ref,
      required: !!p.required,
      description: p.description ?? p.schema.description,
      constraints: constraints(p.schema),
    };
  });
}

/** A plausible value for a schema: its example, default or first enum value; objects from required fields. */
export function exampleOf(doc: OpenApiDoc, schema: Schema | undefined, depth = 0, name = ""): unknown {
  const s = resolve(doc, schema);
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const union = s.anyOf ?? s.oneOf;
  if (union) return exampleOf(doc, union.find((u) => u.type !== "null") ?? union[0], depth, name);
  if (depth > 3) return null;
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {}))
        if (s.required?.includes(key)) out[key] = exampleOf(doc, prop, depth + 1, key);
      return out;
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return s.minimum ?? 0;
    case "boolean":
      return false;
    default:
      return ADDRESS_FIELD.test(name) ? "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" : "string";
  }
}

const ADDRESS_FIELD = /address|owner|sender|user|destination|recipient|spender|account|token$/;

export const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
