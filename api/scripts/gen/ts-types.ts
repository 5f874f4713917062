/** JSON Schema (the subset zod emits) → TypeScript type expressions. */
type Json = Record<string, any>;

export function tsType(schema: Json | undefined, indent = ""): string {
  if (!schema || Object.keys(schema).length === 0) return "unknown";
  if (schema.$ref) return schema.$ref.split("/").pop()!;
  // uint128 ids travel as JSON integers beyond 2^53: bigint (or a digit string) in TS, never a lossy number.
  if (schema.format === "uint128") return "bigint | string";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf || schema.oneOf)
    return union((schema.anyOf ?? schema.oneOf).map((s: Json) => tsType(s, indent)));
  if (Array.isArray(schema.type))
    return union(schema.type.map((t: string) => tsType({ ...schema, type: t }, indent)));
  switch (schema.type) {
    case "string":
      return "string";
    case "integer":
      return "number";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return `Array<${tsType(schema.items, indent)}>`;
    case "object":
      return objectType(schema, indent);
    default:
      return "unknown";
  }
}

function union(parts: string[]): string {
  const unique = [...new Set(parts)];
  return unique.length === 1 ? unique[0]! : unique.map((p) => (p.includes("=>") ? `(${p})` : p)).join(" | ");
}

function objectType(schema: Json, indent: string): string {
  const props: Json = schema.properties ?? {};
  const required = new Set<string>(schema.required ?? []);
  const inner = `${indent}  `;
  const lines = Object.entries(props).map(([key, value]) => {
    const doc = value.description
      ? `${inner}/** ${String(value.description).replace(/\*\//g, "*\\/")} */\n`
      : "";
    const k = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
    return `${doc}${inner}${k}${required.has(key) ? "" : "?"}: ${tsType(value, inner)};`;
  });
  const extra = schema.additionalProperties;
  if (extra && typeof extra === "object" && Object.keys(extra).length > 0)
    lines.push(`${inner}[key: string]: ${tsType(extra, inner)};`);
  else if (!schema.properties || extra === true || (extra && Object.keys(extra).length === 0))
    lines.push(`${inner}[key: string]: unknown;`);
  return lines.length ? `{\n${lines.join("\n")}\n${indent}}` : "Record<string, unknown>";
}
