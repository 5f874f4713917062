import { stringify as toYaml } from "yaml";

export type OutputFormat = "pretty" | "json" | "yaml" | "table";

export function render(value: unknown, format: OutputFormat, color: boolean): string {
  switch (format) {
    case "json":
      return JSON.stringify(value, null, 2);
    case "yaml":
      return toYaml(value).trimEnd();
    case "table":
      return table(value) ?? pretty(value, color);
    default:
      return pretty(value, color);
  }
}

/** Rows of flat objects render as a table; anything nested falls back to pretty. */
function table(value: unknown): string | null {
  const rows = Array.isArray(value) ? value : value && typeof value === "object" ? firstArray(value) : null;
  if (
    !rows?.length ||
    !rows.every(
      (r) => r && typeof r === "object" && Object.values(r).every((v) => v === null || typeof v !== "object"),
    )
  )
    return null;
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cells = rows.map((r) => cols.map((c) => (r[c] === null || r[c] === undefined ? "" : String(r[c]))));
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (vals: string[]) =>
    vals
      .map((v, i) => v.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(cols), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}

function firstArray(obj: object): any[] | null {
  const arrays = Object.values(obj).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] as any[]) : null;
}

function pretty(value: unknown, color: boolean, indent = ""): string {
  const key = (k: string) => (color ? `\x1b[36m${k}\x1b[0m` : k);
  if (value === null || typeof value !== "object") return String(value);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    return value.map((v) => `${indent}- ${pretty(v, color, `${indent}  `).trimStart()}`).join("\n");
  }
  const entries = Object.entries(value);
  if (!entries.length) return "{}";
  return entries
    .map(([k, v]) =>
      v && typeof v === "object" && Object.keys(v).length
        ? `${indent}${key(k)}:\n${pretty(v, color, `${indent}  `)}`
        : `${indent}${key(k)}: ${pretty(v, color, indent)}`,
    )
    .join("\n");
}

/** A small jq subset: `.a.b`, `.a[0]`, `.a[]`, `.`. */
export function jq(value: unknown, expr: string): unknown {
  const tokens = expr.trim().match(/\.[A-Za-z_][\w]*|\[\d+\]|\[\]|\["[^"]+"\]/g) ?? [];
  let current: unknown[] = [value];
  for (const t of tokens) {
    if (t === "[]")
      current = current.flatMap((v) =>
        Array.isArray(v) ? v : v && typeof v === "object" ? Object.values(v) : [],
      );
    else {
      const key = t.startsWith('["')
        ? t.slice(2, -2)
        : t.startsWith("[")
          ? Number(t.slice(1, -1))
          : t.slice(1);
      current = current.map((v) => (v && typeof v === "object" ? (v as any)[key] : undefined));
    }
  }
  return current.length === 1 ? current[0] : current;
}
