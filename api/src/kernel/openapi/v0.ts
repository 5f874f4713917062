import type { Config, Environment } from "../config/env.ts";
import type { Operation } from "../registry/define.ts";
import { buildOpenApi } from "./build.ts";

type Json = Record<string, any>;

/** When v0 was deprecated: the day v1 replaced it (August 2025). */
export const V0_DEPRECATED_AT = Date.UTC(2025, 7, 1) / 1000;
/** When v0 stops being served: eighteen months after (docs/versions.md). */
export const V0_SUNSET_MS = Date.UTC(2027, 1, 1);
export const V0_SUNSET = new Date(V0_SUNSET_MS).toUTCString();

/** The headers every v0 answer carries: RFC 9745's Deprecation, RFC 8594's Sunset, and where v0 and its successor are described. */
export const V0_HEADERS = (config: Pick<Config, "publicUrl">): Record<string, string> => {
  const base = (config.publicUrl ?? "").replace(/\/$/, "");
  return {
    deprecation: `@${V0_DEPRECATED_AT}`,
    sunset: V0_SUNSET,
    link: `<${base}/v0/openapi.json>; rel="describedby", <${base}/v2/openapi.json>; rel="successor-version"`,
  };
};

/** The reference's tag for each v0 group. */
const TAGS: Record<string, string> = {
  aave: "Aave V3",
  aerodrome_slipstream: "Aerodrome Slipstream",
  generic: "Universal",
  token: "Token",
  uniswap: "Uniswap V3",
};

/** `/v0/aave/asset_price/get` → `aave_asset_price`, the reference's operationId. */
export const v0OperationId = (path: string) =>
  path
    .replace(/^\/v0\//, "")
    .replace(/\/get$/, "")
    .replace(/\//g, "_");

/**
 * The v0 document: built from the v0 operations like the v2 one, then named as the reference named it — components
 * without the `V0` prefix the one registry needs, the reference's operationIds and tags — and every operation
 * marked deprecated. A snapshot test holds it: v0 is frozen.
 */
export function buildV0OpenApi(
  operations: Operation[],
  opts: { env: Environment; serverUrl?: string },
): Json {
  const doc = buildOpenApi(operations, opts);
  const rename = (name: string) => (/^V0[A-Z]/.test(name) ? name.slice(2) : name);
  const rewrite = (node: any): any => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    const out: Json = {};
    for (const [k, v] of Object.entries(node))
      out[k] =
        k === "$ref" && typeof v === "string"
          ? v.replace(/#\/components\/schemas\/(.+)$/, (_m, n: string) => `#/components/schemas/${rename(n)}`)
          : rewrite(v);
    return out;
  };
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const op of Object.values<Json>(item)) {
      op.operationId = v0OperationId(path);
      op.tags = [TAGS[op["x-compass"]?.group] ?? op.tags[0]];
      op.deprecated = true;
      delete op["x-speakeasy-group"];
      delete op["x-speakeasy-name-override"];
    }
  }
  const schemas = Object.fromEntries(
    Object.entries<Json>(doc.components.schemas).map(([name, schema]) => [rename(name), rewrite(schema)]),
  );
  // only what the v0 operations reach (the shared error bodies v0 never answers with go)
  for (let changed = true; changed; ) {
    changed = false;
    const referenced = JSON.stringify(rewrite(doc.paths)) + JSON.stringify(schemas);
    for (const name of Object.keys(schemas))
      if (!referenced.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        changed = true;
      }
  }
  return {
    ...doc,
    info: {
      ...doc.info,
      description:
        "The frozen v0 surface: every call a POST, reads ending in /get, chains named like base:mainnet, actions answering the bare transaction with integer fields. Deprecated since v1 (August 2025); served unchanged until its sunset. New integrations use /v1 and /v2.",
    },
    tags: undefined,
    paths: rewrite(doc.paths),
    components: {
      ...doc.components,
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
