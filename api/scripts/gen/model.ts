/**
 * A surface-neutral description of each operation, read from the OpenAPI document. Every generator
 * (TypeScript SDK, Python SDK) and every runtime surface (CLI, MCP) works from this one shape.
 */
type Json = Record<string, any>;

export interface ParamModel {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: Json;
}

export interface OperationModel {
  operationId: string;
  group: string;
  /** SDK namespace (camelCase) */
  namespace: string;
  /** short name, camelCase */
  name: string;
  method: "GET" | "POST";
  path: string;
  summary: string;
  description?: string;
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  errorModel: "validation" | "domain" | "mixed";
  params: ParamModel[];
  /** JSON Schema of the request body with every $ref inlined, or null */
  body: Json | null;
  cli: { command: string; aliases: string[]; short: Record<string, string>; table?: string };
  mcpName: string;
  /** component names (or null when inline) of request/response schemas, for typed SDKs */
  bodyRef: string | null;
  responseRef: string | null;
  responseSchema: Json;
  /** a paged list (offset/limit with a `total`, or a cursor): SDKs add an async iterator over its items */
  pagination: Pagination | null;
  /** the answer carries a `simulation` of what signing it does (the CLI prints it first, MCP says to check it) */
  simulated: boolean;
}

export type Pagination =
  | { style: "offset"; itemsKey: string }
  | { style: "cursor"; itemsKey: string; cursorParam: string; nextKey: string };

/**
 * A list is paged when its query takes `offset` and `limit` and its answer is `{total, <items>[]}`
 * (spec README §8), or when it takes a `cursor` and answers `next_cursor` beside one array.
 */
export function paginationOf(params: ParamModel[], response: Json): Pagination | null {
  const query = new Set(params.filter((p) => p.in === "query").map((p) => p.name));
  const props: Json = response?.properties ?? {};
  const arrays = Object.keys(props).filter((k) => props[k]?.type === "array");
  if (arrays.length !== 1) return null;
  const itemsKey = arrays[0]!;
  if (query.has("offset") && query.has("limit") && "total" in props) return { style: "offset", itemsKey };
  if (query.has("cursor") && "next_cursor" in props)
    return { style: "cursor", itemsKey, cursorParam: "cursor", nextKey: "next_cursor" };
  return null;
}

export function camel(s: string): string {
  return s.replace(/[{}]/g, "").replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
export function kebab(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/_/g, "-")
    .toLowerCase();
}
export function snake(s: string): string {
  return s
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/-/g, "_")
    .toLowerCase();
}
export function pascal(s: string): string {
  const c = camel(s);
  return c.charAt(0).toUpperCase() + c.slice(1);
}

export function inlineRefs(node: any, doc: Json, seen: string[] = []): any {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(n, doc, seen));
  if (!node || typeof node !== "object") return node;
  if (typeof node.$ref === "string") {
    const name = node.$ref.split("/").pop()!;
    if (seen.includes(name)) return {};
    const { $ref: _, ...rest } = node;
    return {
      ...inlineRefs(doc.components.schemas[name], doc, [...seen, name]),
      ...inlineRefs(rest, doc, seen),
    };
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = inlineRefs(v, doc, seen);
  return out;
}

export interface GroupModel {
  group: string;
  namespace: string;
  cli: string;
  cliAlias?: string;
  description: string;
  /** how an agent chains the group's operations (MCP instructions) */
  workflow?: string;
}

export function groupModels(doc: Json): GroupModel[] {
  const namespaces = new Map<string, string>();
  for (const item of Object.values<Json>(doc.paths))
    for (const op of Object.values<Json>(item))
      if (op["x-speakeasy-group"]) namespaces.set(op["x-compass"]?.group, op["x-speakeasy-group"]);
  return (doc.tags ?? []).map((t: Json) => ({
    group: t.name,
    namespace: namespaces.get(t.name) ?? camel(t.name),
    cli: kebab(t.name),
    ...(t["x-cli-alias"] && { cliAlias: t["x-cli-alias"] }),
    description: t.description,
    ...(t["x-compass-workflow"] && { workflow: t["x-compass-workflow"] }),
  }));
}

export function operationModels(doc: Json): OperationModel[] {
  const out: OperationModel[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const x = op["x-compass"] ?? {};
      const bodySchema = op.requestBody?.content?.["application/json"]?.schema ?? null;
      const responseSchema = op.responses?.["200"]?.content?.["application/json"]?.schema ?? {};
      const name: string = op["x-speakeasy-name-override"] ?? x.name;
      const params: ParamModel[] = (op.parameters ?? []).map((p: Json) => ({
        name: p.name,
        in: p.in,
        required: !!p.required,
        description: p.description,
        schema: inlineRefs(p.schema, doc),
      }));
      const response = inlineRefs(responseSchema, doc);
      out.push({
        operationId: op.operationId,
        group: x.group,
        namespace: op["x-speakeasy-group"] ?? camel(x.group),
        name,
        method: method.toUpperCase() as "GET" | "POST",
        path,
        summary: op.summary,
        description: op.description,
        readOnly: !!x.readOnly,
        destructive: !!x.destructive,
        idempotent: !!x.idempotent,
        errorModel: x.errorModel ?? "validation",
        params,
        body: bodySchema ? inlineRefs(bodySchema, doc) : null,
        cli: {
          command: x.cli?.command ?? kebab(name),
          aliases: x.cli?.aliases ?? [],
          short: x.cli?.short ?? {},
          ...(x.cli?.table && { table: x.cli.table }),
        },
        mcpName: String(op.operationId).replace(/[{}]/g, ""),
        bodyRef: bodySchema?.$ref ? bodySchema.$ref.split("/").pop() : null,
        responseRef: responseSchema?.$ref ? responseSchema.$ref.split("/").pop() : null,
        responseSchema: response,
        pagination: paginationOf(params, response),
        simulated: !!response?.properties?.simulation,
      });
    }
  }
  return out;
}
