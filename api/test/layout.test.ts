import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import type { Operation } from "../src/registry/define.ts";
import { operations, v0Operations } from "../src/registry/index.ts";

/**
 * Every capability has the same shape (docs/architecture.md): api/src/<capability>/index.ts lists its
 * operations, and each operation lives alone in operations/<kebab-name>.ts, exported under its short name.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), "../src");
// the capability folders lint knows (boundaries.json): a new one is listed there once, and checked here
const CAPABILITIES: string[] = JSON.parse(readFileSync(join(SRC, "../../boundaries.json"), "utf8")).api
  .capabilities;
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe("capability layout", () => {
  test("default: each operation file exports exactly one operation, named as the file", async () => {
    for (const capability of CAPABILITIES) {
      const dir = join(SRC, capability, "operations");
      if (!existsSync(dir)) continue; // product-accounts: each product's operations use its domain
      const files = readdirSync(dir, { withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => f.name);
      for (const file of files.filter((f) => f.endsWith(".ts"))) {
        const exports = Object.entries(await import(join(dir, file))) as [string, Operation][];
        expect(
          exports.map(([name]) => name),
          `${capability}/operations/${file}`,
        ).toHaveLength(1);
        const [name, op] = exports[0]!;
        expect(op.name, `${capability}/operations/${file}`).toBe(name);
        expect(file, `${capability}/operations/${file}`).toBe(`${kebab(name)}.ts`);
      }
    }
  }, 30_000);

  test("behavior: the registry is exactly the capabilities' lists, each operation in its group's folder", async () => {
    const listed: Operation[] = [];
    for (const capability of CAPABILITIES) {
      const { operations: ops } = (await import(join(SRC, capability, "index.ts"))) as {
        operations: Operation[];
      };
      // the frozen v0 operations live together in v0/, whatever their group
      for (const op of ops)
        expect(op.version === "v0" ? "v0" : op.group.replace(/_/g, "-"), op.operationId).toBe(capability);
      listed.push(...ops);
    }
    const registered = [...operations, ...v0Operations];
    expect(new Set(listed.map((op) => op.operationId))).toEqual(
      new Set(registered.map((op) => op.operationId)),
    );
    expect(listed).toHaveLength(registered.length);
  });
});
