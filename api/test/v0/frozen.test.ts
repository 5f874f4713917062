import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test, vi } from "vitest";
import {
  buildV0OpenApi,
  V0_DEPRECATED_AT,
  V0_SUNSET_MS,
  v0OperationId,
} from "../../src/kernel/openapi/v0.ts";
import { v0Operations } from "../../src/registry.ts";
import { call, testApp } from "../fixtures.ts";

/**
 * v0 is frozen (docs/versions.md): its document is committed, and any change to what the v0 operations declare —
 * a field, a type, a description — fails here. The snapshot is rewritten only on purpose, with
 * COMPASS_V0_SNAPSHOT=write, for a v0 operation this API had not served yet.
 */
const SNAPSHOT = join(dirname(fileURLToPath(import.meta.url)), "../../src/v0/openapi.v0.json");

describe("the frozen v0 surface", () => {
  const doc = buildV0OpenApi(v0Operations, { env: "production", serverUrl: "/" });

  test("behavior: the v0 document is exactly the committed snapshot", () => {
    if (process.env.COMPASS_V0_SNAPSHOT === "write")
      writeFileSync(SNAPSHOT, `${JSON.stringify(doc, null, 2)}\n`);
    expect(existsSync(SNAPSHOT), "the v0 snapshot is missing").toBe(true);
    // compared as JSON (the committed file is laid out by the repository's formatter)
    expect(JSON.parse(JSON.stringify(doc)), "v0 is frozen: its document changed (docs/versions.md)").toEqual(
      JSON.parse(readFileSync(SNAPSHOT, "utf8")),
    );
  });

  test("default: every v0 operation is a POST, reads end in /get, named as the reference names them", () => {
    for (const op of v0Operations) {
      expect(op.method).toBe("POST");
      expect(op.path.startsWith("/v0/")).toBe(true);
      expect(op.readOnly, op.path).toBe(op.path.endsWith("/get"));
      const item = doc.paths[op.path].post;
      expect(item.operationId).toBe(v0OperationId(op.path));
      expect(item.deprecated).toBe(true);
    }
    // the reference's names, without the prefix the one registry needs
    expect(Object.keys(doc.components.schemas)).toContain("UnsignedTransaction");
    expect(Object.keys(doc.components.schemas).some((n) => n.startsWith("V0"))).toBe(false);
    expect(doc.components.schemas.Chain.enum).toEqual([
      "base:mainnet",
      "ethereum:mainnet",
      "arbitrum:mainnet",
    ]);
    expect(doc.components.schemas.UnsignedTransaction.properties.value.type).toBe("integer");
  });
});

describe("v0 over HTTP", () => {
  const app = testApp();

  test("default: every v0 answer carries Deprecation, Sunset and the successor; a refusal is v0's 422", async () => {
    const r = await call(app, "POST", "/v0/generic/price/usd/get", {
      body: JSON.stringify({ chain: "base", token: "WETH" }),
    });
    expect(r.status).toBe(422);
    expect(r.json.detail[0].loc).toEqual(["body", "chain"]);
    expect(r.headers.get("deprecation")).toBe(`@${V0_DEPRECATED_AT}`);
    expect(r.headers.get("sunset")).toBe("Mon, 01 Feb 2027 00:00:00 GMT");
    expect(r.headers.get("link")).toMatch(/<[^>]*\/v2\/openapi\.json>; rel="successor-version"/);
    const doc = await call(app, "GET", "/v0/openapi.json");
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.json.paths)).toHaveLength(v0Operations.length);
  });

  test("behavior: past the sunset v0 is gone (410), naming its successors; v1 and v2 are not", async () => {
    vi.useFakeTimers({ now: V0_SUNSET_MS + 1000, toFake: ["Date"] });
    try {
      const r = await call(app, "POST", "/v0/generic/price/usd/get", {
        body: JSON.stringify({ chain: "base:mainnet", token: "WETH" }),
      });
      expect(r.status).toBe(410);
      expect(r.json.detail).toMatch(/\/v1 and \/v2/);
      expect((await call(app, "GET", "/v2/openapi.json")).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
