import { closest, type OperationManifest } from "@compass/sdk/manifest";

/** Which tools a server exposes. */
export interface ToolSelection {
  /**
   * tool names (`v2_onramp_status`) and URL groups (`onramp`, `perpetual_trading`); default: every v2
   * operation. v1 operations are not exposed (the spec's MCP is v2 only) unless named here.
   */
  tools?: string[];
  /** only read-only tools (GETs): nothing that builds or submits */
  readOnly?: boolean;
}

/** The operations a selection exposes, in registry order. Throws on a name that matches nothing. */
export function selectOperations(ops: OperationManifest[], sel: ToolSelection = {}): OperationManifest[] {
  let chosen = ops.filter((op) => op.path.startsWith("/v2/"));
  if (sel.tools?.length) {
    const wanted = new Set(sel.tools.map((t) => t.trim()).filter(Boolean));
    const unknown = [...wanted].filter((w) => !ops.some((op) => op.mcpName === w || op.group === w));
    if (unknown.length)
      throw new Error(
        `Unknown tool or group: ${unknown.map((u) => `'${u}'${hint(u, ops)}`).join(", ")}. Tools are operationIds (e.g. v2_onramp_status); groups: ${[...new Set(ops.map((o) => o.group))].join(", ")}`,
      );
    chosen = ops.filter((op) => wanted.has(op.mcpName) || wanted.has(op.group));
  }
  if (sel.readOnly) chosen = chosen.filter((op) => op.readOnly);
  return chosen;
}

/** Both selections at once: a tool is exposed when each exposes it (a request narrows the server's). */
export function intersect(a: OperationManifest[], b: OperationManifest[]): OperationManifest[] {
  const names = new Set(b.map((op) => op.mcpName));
  return a.filter((op) => names.has(op.mcpName));
}

/** `a,b , c` → ["a","b","c"]; empty → undefined. */
export function parseList(value: string | null | undefined): string[] | undefined {
  const list = value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list?.length ? list : undefined;
}

export function parseBool(value: string | null | undefined): boolean | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  return !/^(0|false|no|off)$/i.test(value);
}

function hint(name: string, ops: OperationManifest[]): string {
  const best = closest(name, new Set([...ops.map((o) => o.mcpName), ...ops.map((o) => o.group)]));
  return best ? ` (did you mean '${best}'?)` : "";
}
