import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
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

  test("parameters: sourceModuleUrls keeps each module's own URL, so files beside the sources are found, wherever the checkout moves", async () => {
    const src = join(dir, "urls/src/deep");
    mkdirSync(src, { recursive: true });
    writeFileSync(join(dir, "urls/src/data.txt"), "beside the sources\n");
    writeFileSync(
      join(src, "read.ts"),
      'import { readFileSync } from "node:fs";\nexport const text = readFileSync(new URL("../data.txt", import.meta.url), "utf8").trim();\n',
    );
    const main = join(dir, "urls/src/main.ts");
    writeFileSync(main, 'import { text } from "./deep/read.ts";\nconsole.log(text);\n');
    const bundled = join(dir, "urls/dist/main.mjs");
    expect(await bundleNode(main, bundled, { sourceModuleUrls: true })).toBe(true);
    expect(execFileSync(process.execPath, [bundled], { encoding: "utf8" }).trim()).toBe("beside the sources");
    // the same checkout elsewhere
    cpSync(join(dir, "urls"), join(dir, "moved"), { recursive: true });
    rmSync(join(dir, "urls"), { recursive: true });
    expect(
      execFileSync(process.execPath, [join(dir, "moved/dist/main.mjs")], { encoding: "utf8" }).trim(),
    ).toBe("beside the sources");
  });
});
