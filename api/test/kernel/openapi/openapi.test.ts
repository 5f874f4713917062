import { describe, expect, test } from "vitest";
import { buildOpenApi } from "../../../src/kernel/openapi/build.ts";
import { operationIdOf } from "../../../src/kernel/registry/define.ts";
import { operations } from "../../../src/registry.ts";

const doc = buildOpenApi(operations, { env: "staging" });

describe("OpenAPI document", () => {
  test("is OpenAPI 3.1 titled like the reference", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "Compass API", version: "0.0.1" });
    expect(doc.components.securitySchemes.ApiKeyAuth).toEqual({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
  });

  test("every operation is documented once, with the v2_<group>_<path> operationId", () => {
    const ids = new Set<string>();
    for (const op of operations) {
      const item = doc.paths[op.path][op.method.toLowerCase()];
      expect(item.operationId).toBe(operationIdOf(op.path));
      expect(item.operationId).toMatch(/^v[12]_[a-z0-9_]+$/);
      expect(ids.has(item.operationId)).toBe(false);
      ids.add(item.operationId);
      expect(item.responses["200"]).toBeDefined();
      expect(item.responses["422"]).toBeDefined();
    }
  });

  test("every $ref resolves", () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) {
      const name = ref.split("/").pop()!.replace(/"$/, "");
      expect(doc.components.schemas[name], ref).toBeDefined();
    }
  });

  test("the pre-rename perpetuals names exist nowhere", () => {
    expect(JSON.stringify(doc)).not.toMatch(/global_markets_perps|globalMarketsPerps|TraditionalInvesting/);
  });
});
