import { stringify as toYaml } from "yaml";

export type OutputFormat = "pretty" | "json" | "yaml" | "table";

/** `rowsAt`: where a response that is no list keeps its table's rows (the operation's `cli.table`). */
export function render(value: unknown, format: OutputFormat, color: boolean, rowsAt?: string): string {
  switch (format) {
    case "json":
      return JSON.stringify(value, null, 2);
    case "yaml":
      return toYaml(value).trimEnd();
    case "table":
      return table(rowsAt ? rowsOf(value, rowsAt) : value) ?? pretty(value, color);
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

/**
 * The rows a dotted path reaches: a name descends into that field, `*name` takes every entry of a map (its key
 * becomes column `name`, first) or every item of a list; fields holding objects or lists are left out of a row.
 */
export function rowsOf(value: unknown, path: string): Record<string, unknown>[] {
  let rows: { keys: Record<string, string>; value: unknown }[] = [{ keys: {}, value }];
  for (const segment of path.split(".").filter(Boolean)) {
    rows = rows.flatMap(({ keys, value: v }) => {
      if (!v || typeof v !== "object") return [];
      if (!segment.startsWith("*")) return [{ keys, value: (v as Record<string, unknown>)[segment] }];
      return Object.entries(v).map(([k, item]) => ({
        keys: Array.isArray(v) ? keys : { ...keys, [segment.slice(1)]: k },
        value: item,
      }));
    });
  }
  return rows
    .filter((r) => r.value && typeof r.value === "object" && !Array.isArray(r.value))
    .map((r) => ({
      ...r.keys,
      ...Object.fromEntries(
        Object.entries(r.value as object).filter(([, v]) => v === null || typeof v !== "object"),
      ),
    }));
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
