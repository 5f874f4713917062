import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createHttpApp, loadConfig } from "@compass/api";
import { CompassClient } from "@compass/sdk";
import { manifest } from "@compass/sdk/manifest";
import { describe, expect, test } from "vitest";

const root = join(import.meta.dirname, "../..");
type Json = Record<string, any>;

/**
 * What a standard OpenAPI generator (Speakeasy, the reference's) names from `/v2/openapi.json`: the
 * namespace from `x-speakeasy-group` (else the first tag), the method from `x-speakeasy-name-override`
 * (else the operationId), the auth option from the security scheme's name — camelCase in TypeScript,
 * snake_case in Python. Our SDKs must carry exactly those names, so a client regenerated from our own
 * document is source-compatible with ours.
 */
const camel = (s: string) =>
  s
    .replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase())
    .replace(/^[A-Z]/, (c) => c.toLowerCase());
const snake = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toLowerCase();

function derive(doc: Json) {
  const ops: { operationId: string; namespace: string; method: string }[] = [];
  for (const item of Object.values<Json>(doc.paths))
    for (const op of Object.values<Json>(item))
      ops.push({
        operationId: op.operationId,
        namespace: camel(op["x-speakeasy-group"] ?? op.tags[0]),
        method: camel(op["x-speakeasy-name-override"] ?? op.operationId),
      });
  const schemes = Object.keys(doc.components.securitySchemes);
  return { ops, authOption: camel(schemes[0]!), schemes, security: doc.security };
}

describe("names a standard generator derives from /v2/openapi.json", async () => {
  const app = createHttpApp({ config: loadConfig({ COMPASS_ENV: "staging" }) });
  const res = await app.fetch(new Request("http://127.0.0.1/v2/openapi.json"));
  const doc = (await res.json()) as Json;
  const derived = derive(doc);

  test("default: operationIds are identifiers (no braces), unique, and equal the MCP tool names", () => {
    const ids = derived.ops.map((o) => o.operationId);
    for (const id of ids) expect(id).toMatch(/^v[12]_[a-z0-9_]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(manifest.map((m) => m.mcpName).sort()).toEqual([...ids].sort());
    expect(ids).toContain("v2_tokenized_assets_markets_symbol");
  });

  test("default: one security scheme, ApiKeyAuth (header x-api-key) → option apiKeyAuth / api_key_auth", async () => {
    expect(derived.schemes).toEqual(["ApiKeyAuth"]);
    expect(derived.security).toEqual([{ ApiKeyAuth: [] }]);
    expect(derived.authOption).toBe("apiKeyAuth");
    expect(doc.components.securitySchemes.ApiKeyAuth).toMatchObject({ in: "header", name: "x-api-key" });
    // the TS option of that name is the one that sends the key
    let sent: string | null = null;
    const fetch = (async (_u: string, init: RequestInit) => {
      sent = new Headers(init.headers).get("x-api-key");
      return new Response("{}");
    }) as unknown as typeof globalThis.fetch;
    await new CompassClient({ [derived.authOption]: "sk_1", fetch } as Json).onramp.status({
      payment_id: "p",
    });
    expect(sent).toBe("sk_1");
    const py = readFileSync(join(root, "python/compass_api/_client.py"), "utf8");
    expect(py).toContain(snake(derived.authOption));
  });

  test("default: every derived namespace.method exists on the TypeScript and Python SDKs", () => {
    const client = new CompassClient({ serverURL: "http://127.0.0.1:9" }) as unknown as Json;
    const py = readFileSync(join(root, "python/compass_api/_generated.py"), "utf8");
    for (const o of derived.ops) {
      expect(typeof client[o.namespace]?.[o.method], `${o.operationId} → ${o.namespace}.${o.method}`).toBe(
        "function",
      );
      const pyClass = py
        .split(/\nclass /)
        .find((c) => c.startsWith(`${o.namespace[0]!.toUpperCase()}${o.namespace.slice(1)}Namespace`));
      expect(pyClass, `python namespace ${snake(o.namespace)}`).toBeDefined();
      expect(pyClass, `python ${snake(o.namespace)}.${snake(o.method)}`).toMatch(
        new RegExp(`def ${snake(o.method)}\\(`),
      );
    }
    expect(derived.ops.find((o) => o.operationId === "v2_tokenized_assets_markets_symbol")).toMatchObject({
      namespace: "tokenizedAssets",
      method: "market",
    });
  });
});
