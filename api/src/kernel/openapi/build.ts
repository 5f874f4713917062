import { z } from "zod";
import type { Environment } from "../config/env.ts";
import type { Operation } from "../registry/define.ts";
import { camel } from "../registry/define.ts";
import { GROUPS } from "../registry/groups.ts";
import { DetailErrorBody, DomainErrorBody, HTTPValidationError } from "../schemas/common.ts";

type Json = Record<string, any>;

/** OpenAPI 3.1 assembled from the registry; schemas carrying a zod `meta({id})` become components. */
export function buildOpenApi(operations: Operation[], opts: { env: Environment; serverUrl?: string }): Json {
  const components: Record<string, Json> = {};
  const toSchema = (schema: z.ZodType, io: "input" | "output"): Json => {
    const js = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
      reused: "inline",
      override: ({ jsonSchema }) => cleanup(jsonSchema as Json),
    }) as Json;
    const defs: Json = js.$defs ?? {};
    delete js.$defs;
    delete js.$schema;
    for (const [id, def] of Object.entries(defs)) {
      const name = componentName(id, io, components, def);
      components[name] = rewriteRefs(def);
    }
    return rewriteRefs(js);
  };
  const componentName = (id: string, _io: string, existing: Record<string, Json>, def: Json): string => {
    if (!existing[id] || JSON.stringify(rewriteRefs(def)) === JSON.stringify(existing[id])) return id;
    return `${id}Input`;
  };

  const validation = toSchema(HTTPValidationError, "output");
  const domain = toSchema(DomainErrorBody, "output");
  const detail = toSchema(DetailErrorBody, "output");

  const paths: Json = {};
  for (const op of operations) {
    const parameters: Json[] = [];
    for (const [where, schema] of [
      ["path", op.params],
      ["query", op.query],
    ] as const) {
      if (!schema) continue;
      for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
        const s = toSchema(field, "input");
        const description = s.description;
        delete s.description;
        parameters.push({
          name,
          in: where,
          required: where === "path" || !field.safeParse(undefined).success,
          ...(description && { description }),
          schema: s,
        });
      }
    }
    const responses: Json = {
      "200": {
        description: "Successful Response",
        content: { "application/json": { schema: toSchema(op.response, "output") } },
      },
    };
    const errorBody = op.errorModel === "validation" ? detail : domain;
    for (const e of op.errors) {
      responses[String(e.status)] = {
        description: e.description,
        content: {
          "application/json": {
            schema: e.status === 422 && op.errorModel !== "domain" ? validation : errorBody,
          },
        },
      };
    }
    responses["422"] ??= {
      description: "Validation Error",
      content: { "application/json": { schema: op.errorModel === "domain" ? domain : validation } },
    };
    const item: Json = {
      operationId: op.operationId,
      summary: op.summary,
      ...(op.description && { description: op.description }),
      tags: op.tags,
      ...(parameters.length && { parameters }),
      ...(op.body && {
        requestBody: {
          required: true,
          content: { "application/json": { schema: toSchema(op.body, "input") } },
        },
      }),
      responses,
      // What a standard generator reads for the SDK's names: the namespace and the method (Speakeasy's
      // documented extensions; other generators fall back to the tag and the operationId).
      "x-speakeasy-group": namespaceOf(op.group),
      "x-speakeasy-name-override": op.name,
      "x-compass": {
        group: op.group,
        name: op.name,
        readOnly: op.readOnly,
        destructive: op.destructive,
        idempotent: op.idempotent,
        errorModel: op.errorModel,
        ...(Object.keys(op.cli).length && { cli: op.cli }),
      },
    };
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = item;
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Compass API",
      version: "0.0.1",
      description:
        "Universal DeFi API. Reads chain and venue state and returns unsigned transactions or EIP-712 typed data for the user's wallet to sign; it never holds keys.",
    },
    servers: [{ url: opts.serverUrl ?? "/", description: opts.env }],
    // Named so generators derive the SDK's option name from it: `ApiKeyAuth` → `apiKeyAuth` / `api_key_auth`.
    security: [{ [SECURITY_SCHEME]: [] }],
    tags: [...new Set(operations.map((op) => op.group))].map((name) => ({
      name,
      description: GROUPS[name]?.description ?? name,
      ...(GROUPS[name]?.cliAlias && { "x-cli-alias": GROUPS[name]!.cliAlias }),
      ...(GROUPS[name]?.workflow && { "x-compass-workflow": GROUPS[name]!.workflow }),
    })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: { [SECURITY_SCHEME]: { type: "apiKey", in: "header", name: "x-api-key" } },
    },
  };
}

export const SECURITY_SCHEME = "ApiKeyAuth";

/** SDK namespace of a URL group (clients.md §1). */
export function namespaceOf(group: string): string {
  return GROUPS[group]?.namespace ?? camel(group);
}

function rewriteRefs(node: any): any {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] =
      k === "$ref" && typeof v === "string"
        ? v.replace(/^#\/\$defs\//, "#/components/schemas/")
        : rewriteRefs(v);
  }
  return out;
}

/** Query helpers declare their wire type in meta; drop the string-only keywords they would otherwise carry. */
function cleanup(js: Json): void {
  if ((js.type === "integer" || js.type === "number" || js.type === "boolean") && (js.pattern || js.enum)) {
    delete js.pattern;
    if (js.type === "boolean") delete js.enum;
  }
}
