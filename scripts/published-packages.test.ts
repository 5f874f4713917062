import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const PUBLISHED = ["sdk", "widgets", "cli", "mcp"];

/** What `npm pack` would put in each published package's tarball (scripts not run: the build step made dist). */
async function packed(dir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: join(ROOT, dir),
  });
  return (JSON.parse(stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
}

describe("published packages", () => {
  test.each(PUBLISHED)(
    "default: %s ships its licence, the one the repository has, and its build",
    async (dir) => {
      const files = await packed(dir);
      expect(files).toContain("LICENSE");
      expect(files).toContain("package.json");
      expect(files.some((f) => f.startsWith("dist/") && f.endsWith(".js"))).toBe(true);
      expect(readFileSync(join(ROOT, dir, "LICENSE"), "utf8")).toBe(
        readFileSync(join(ROOT, "LICENSE"), "utf8"),
      );
      const pkg = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"));
      expect(pkg.license).toBe("MIT");
      expect(readFileSync(join(ROOT, "LICENSE"), "utf8")).toMatch(/^MIT License/);
    },
  );

  test.each(PUBLISHED)(
    "behavior: packing %s builds it first unless its dist is newer than its sources",
    async (dir) => {
      const pkg = JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"));
      expect(pkg.scripts.prepack).toBe("node ../scripts/build-package.mjs --if-stale");
      // `npm test` built every package before the unit tests: packing now keeps that build
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["../scripts/build-package.mjs", "--if-stale"],
        {
          cwd: join(ROOT, dir),
        },
      );
      expect(stdout).toContain(`${pkg.name}: dist is up to date`);
    },
  );
});
