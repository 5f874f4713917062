import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import type { Operation } from "../src/kernel/registry/define.ts";
import { operations, v0Operations } from "../src/registry.ts";

/**
 * Every capability has the same shape (docs/architecture.md): api/src/<v0|v1/group|v2/product>/index.ts lists its
 * operations, and each operation lives alone in operations/<kebab-name>.ts, exported under its short name. A
 * capability built over others' operations (the batches, v0) gets them from the registry: its index exports
 * `operations` as a function of them, and its operation files export factories named alike.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), "../src");
// the capability folders lint knows (boundaries.json, `v1/*` for every folder under v1): checked here
const CAPABILITIES: string[] = (
  JSON.parse(readFileSync(join(SRC, "../../boundaries.json"), "utf8")).api.capabilities as string[]
).flatMap((entry) =>
  entry.endsWith("/*")
    ? readdirSync(join(SRC, entry.slice(0, -2)), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => `${entry.slice(0, -2)}/${d.name}`)
    : [entry],
);
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const folderOf = (op: Operation) =>
  op.version === "v0" ? "v0" : `${op.version}/${op.group.replace(/_/g, "-")}`;

/** Every folder under `dir`, relative to it. */
const foldersUnder = (dir: string, at = ""): string[] =>
  readdirSync(join(dir, at), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => [join(at, d.name), ...foldersUnder(dir, join(at, d.name))]);

describe("capability layout", () => {
  test("default: api/test mirrors api/src — each test folder is a source folder, and no test lives in src", () => {
    const TEST = join(SRC, "../test");
    for (const folder of foldersUnder(TEST))
      expect(existsSync(join(SRC, folder)), `api/test/${folder}`).toBe(true);
    const inSrc = foldersUnder(SRC)
      .flatMap((folder) => readdirSync(join(SRC, folder)).map((f) => join(folder, f)))
      .filter((f) => /\.test\.ts$/.test(f));
    expect(inSrc).toEqual([]);
  });

  test("default: the capability folders are v0, every v1 group and every v2 product", () => {
    expect(CAPABILITIES).toContain("v0");
    expect(CAPABILITIES.filter((c) => c.startsWith("v1/")).length).toBeGreaterThanOrEqual(13);
    expect(CAPABILITIES.filter((c) => c.startsWith("v2/")).length).toBeGreaterThanOrEqual(7);
  });

  test("default: each operation file exports exactly one operation (or its factory), named as the file", async () => {
    let files = 0;
    for (const capability of CAPABILITIES) {
      const dir = join(SRC, capability, "operations");
      expect(existsSync(dir), `${capability} has operations/`).toBe(true);
      for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
        const exports = Object.entries(await import(join(dir, file))) as [
          string,
          Operation | (() => Operation),
        ][];
        expect(
          exports.map(([name]) => name),
          `${capability}/operations/${file}`,
        ).toHaveLength(1);
        const [name, op] = exports[0]!;
        if (typeof op !== "function") expect(op.name, `${capability}/operations/${file}`).toBe(name);
        expect(file, `${capability}/operations/${file}`).toBe(`${kebab(name)}.ts`);
        files++;
      }
    }
    expect(files).toBe(operations.length + v0Operations.length);
  }, 30_000);

  test("behavior: the registry is exactly the capabilities' operations, each in its group's folder", async () => {
    const listed: string[] = [];
    for (const capability of CAPABILITIES) {
      const { operations: ops } = (await import(join(SRC, capability, "index.ts"))) as {
        operations: Operation[] | ((...args: never[]) => Operation[]);
      };
      // built over others' operations: its own are the registry's in its folder
      const own =
        typeof ops === "function"
          ? [...operations, ...v0Operations].filter((op) => folderOf(op) === capability)
          : ops;
      expect(own.length, capability).toBeGreaterThan(0);
      for (const op of own) expect(folderOf(op), op.operationId).toBe(capability);
      listed.push(...own.map((op) => op.operationId));
    }
    const registered = [...operations, ...v0Operations].map((op) => op.operationId);
    expect(new Set(listed)).toEqual(new Set(registered));
    expect(listed).toHaveLength(registered.length);
  });
});
