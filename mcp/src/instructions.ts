import type { GroupManifest, OperationManifest } from "@compass/sdk/manifest";

const TOOL_NAME = /\bv[12]_[a-z0-9_]+\b/g;

/**
 * The instructions sent on connect, built from the registry for the tools this server exposes: each
 * group's description and its workflow (from the registry's groups), kept only when every tool the
 * workflow names is exposed, so an agent is never pointed at a tool it cannot call.
 */
export function buildInstructions(ops: OperationManifest[], groups: GroupManifest[]): string {
  const names = new Set(ops.map((op) => op.mcpName));
  const submit = ops.filter((op) => op.destructive).map((op) => op.mcpName);
  const builders = ops.some((op) => !op.readOnly);
  const lines = [
    "Compass API tools. Every tool is one API operation, named by its operationId.",
    builders
      ? `- Reads (read-only) return chain or venue state. Builders return unsigned transactions or EIP-712 typed data: the user's own wallet signs them; these tools never hold keys or submit anything${submit.length ? `, except ${submit.join(" and ")}, which submit a user-signed payload` : ""}.`
      : "- Every tool here is read-only: it returns chain or venue state and changes nothing.",
    '- Amounts are human-unit decimal strings (e.g. "100.5"), addresses are 0x hex.',
  ];
  if (ops.some((op) => op.method === "POST" && !op.idempotent && !op.readOnly))
    lines.push(
      "- Tools that create something take an optional idempotency_key: when a call's outcome is unclear (timeout, lost connection), call again with the same key and the same arguments to get the first answer instead of acting twice.",
    );
  for (const g of groups) {
    if (!ops.some((op) => op.group === g.group)) continue;
    const usable = g.workflow && (g.workflow.match(TOOL_NAME) ?? []).every((n) => names.has(n));
    lines.push(`- ${g.description}${usable ? `: ${g.workflow}` : "."}`);
  }
  const filters = ["chain", "provider", "asset", "limit", "offset", "search"];
  if (ops.some((op) => op.params.some((p) => filters.includes(p.name))))
    lines.push(
      "- Prefer filters (chain, provider, asset, limit, offset, search) on list reads: unfiltered lists are large.",
    );
  lines.push(
    '- Errors come back as the API\'s JSON body: 422 {"detail":[{"loc":[...],"msg":...}]} or {"error","message"} naming the field or cause.',
  );
  return lines.join("\n");
}

/** Every tool name an instructions text mentions (for tests). */
export function namedTools(text: string): string[] {
  return [...new Set(text.match(TOOL_NAME) ?? [])];
}
