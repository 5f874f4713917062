import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { bundleNode, freshBundle, nodeArgs } from "../src/process/bundle.ts";

const dir = mkdtempSync(join(tmpdir(), "compass-bundle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = join(dir, "main.ts");
const dep = join(dir, "dep.ts");
const out = join(dir, "dist/main.mjs");
writeFileSync(dep, "export const answer: number = 42;\n");
writeFileSync(entry, 'import { answer } from "./dep.ts";\nconsole.log("answer " + answer);\n');

describe("prebuilt bundles for launched programs", () => {
  test("default: the bundle runs the program and is used while fresh", async () => {
    expect(await bundleNode(entry, out)).toBe(true);
    expect(execFileSync(process.execPath, [out], { encoding: "utf8" }).trim()).toBe("answer 42");
    expect(freshBundle(out, entry)).toBe(out);
    expect(nodeArgs(entry, out, "tsx")).toEqual(["--enable-source-maps", out]);
    expect(await bundleNode(entry, out)).toBe(false); // nothing to rebuild
  });

  test("behavior: an edit to any compiled-in file makes it stale, so the source runs instead", async () => {
    const later = new Date(Date.now() + 60_000);
    writeFileSync(dep, "export const answer: number = 43;\n");
    utimesSync(dep, later, later);
    expect(freshBundle(out, entry)).toBeUndefined();
    expect(nodeArgs(entry, out, "tsx")).toEqual(["--import", "tsx", entry]);
    expect(await bundleNode(entry, out)).toBe(true);
    utimesSync(out, new Date(later.getTime() + 1_000), new Date(later.getTime() + 1_000));
    expect(execFileSync(process.execPath, [out], { encoding: "utf8" }).trim()).toBe("answer 43");
    expect(freshBundle(out, entry)).toBe(out);
  });

  test("behavior: a bundle built from another entry, or a missing one, is never used", () => {
    expect(freshBundle(out, join(dir, "other.ts"))).toBeUndefined();
    expect(freshBundle(join(dir, "dist/absent.mjs"), entry)).toBeUndefined();
  });
});
