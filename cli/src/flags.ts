/** Turn CLI flag strings into wire values using each field's JSON Schema. */
type Json = Record<string, any>;

export function kebab(s: string): string {
  return s.replace(/_/g, "-");
}

function types(schema: Json): Set<string> {
  const out = new Set<string>();
  const visit = (s: Json) => {
    if (!s) return;
    if (Array.isArray(s.type)) for (const t of s.type) out.add(t);
    else if (s.type) out.add(s.type);
    if (s.enum || s.const !== undefined) out.add("string");
    for (const sub of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(sub);
  };
  visit(schema);
  return out;
}

export function isSwitch(schema: Json): boolean {
  const t = types(schema);
  t.delete("null");
  return t.size === 1 && t.has("boolean");
}

export function enumValues(schema: Json): string[] | undefined {
  if (schema.enum) return schema.enum;
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) if (s.enum) return s.enum;
  return undefined;
}

export function typeLabel(schema: Json): string {
  const values = enumValues(schema);
  if (values) return values.join("|");
  const t = [...types(schema)].filter((x) => x !== "null");
  if (t.includes("object") || t.includes("array")) return "json";
  if (t.includes("number") && t.includes("string")) return "amount";
  return t[0] === "integer" ? "int" : (t[0] ?? "value");
}

export function convert(schema: Json, raw: string, flag: string): unknown {
  const t = types(schema);
  if (raw === "null" && t.has("null")) return null;
  if (t.has("object") || t.has("array")) return parseJsonFlag(raw, flag);
  if (t.has("boolean") && t.size <= 2) {
    if (raw === "true" || raw === "") return true;
    if (raw === "false") return false;
    throw new Error(`--${flag} expects true or false`);
  }
  if (t.has("string") && (t.has("number") || t.has("integer"))) {
    // number|string unions: JSON when quoted, otherwise the literal text (sent as a string, never rounded)
    return /^".*"$/.test(raw) ? parseJsonFlag(raw, flag) : raw;
  }
  if (t.has("integer") && !t.has("string")) {
    if (!/^-?\d+$/.test(raw)) return raw; // let the server name the field in its 422
    const n = Number(raw);
    return Number.isSafeInteger(n) ? n : BigInt(raw);
  }
  if (t.has("number") && !t.has("string")) {
    const n = Number(raw);
    return raw.trim() !== "" && Number.isFinite(n) ? n : raw;
  }
  return raw;
}

function parseJsonFlag(raw: string, flag: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new Error(`--${flag} expects JSON, e.g. --${flag} '{"key":"value"}'`);
  }
}
