import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { findDevnetDir } from "../src/layout.ts";
import { tempDir } from "./helpers.ts";

const dir = tempDir("devnet-layout");
afterAll(() => dir.remove());

describe("findDevnetDir", () => {
  it("default: the repo's .devnet from anywhere inside the repo", () => {
    const repo = fileURLToPath(new URL("../..", import.meta.url));
    expect(findDevnetDir(join(repo, "devnet", "src", "twins"))).toBe(join(repo, ".devnet"));
    expect(findDevnetDir(repo)).toBe(join(repo, ".devnet"));
  });

  it("behavior: outside a repo, an existing devnet up the tree, else .devnet where the command runs", () => {
    const nested = join(dir.path, "project", "a", "b");
    mkdirSync(nested, { recursive: true });
    expect(findDevnetDir(nested)).toBe(join(nested, ".devnet"));
    mkdirSync(join(dir.path, "project", ".devnet"));
    writeFileSync(join(dir.path, "project", ".devnet", "addressbook.json"), "{}");
    expect(findDevnetDir(nested)).toBe(join(dir.path, "project", ".devnet"));
  });
});
