import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { publint } from "publint";
import { describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const PUBLISHED = ["sdk", "widgets", "cli", "mcp"];
/** There is no git remote: this is the one repository URL the packages declare. */
const REPOSITORY = "git+https://github.com/compass-defi/compass.git";
const WEB = "https://github.com/compass-defi/compass";

const packageJson = (dir: string) => JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8"));

/** What `npm pack` would put in each published package's tarball (scripts not run: the build step made dist). */
async function packed(dir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: join(ROOT, dir),
  });
  return (JSON.parse(stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
}

describe("published packages", () => {
  test("default: the published packages are the workspaces not marked private", () => {
    const workspaces: string[] = packageJson(".").workspaces;
    expect(workspaces.filter((dir) => !packageJson(dir).private).sort()).toEqual([...PUBLISHED].sort());
  });

  test("default: the root declares the repository the packages name", () => {
    expect(packageJson(".").repository).toEqual({ type: "git", url: REPOSITORY });
  });

  test.each(PUBLISHED)(
    "default: %s names its repository and directory, its README as homepage, where to report bugs, its keywords",
    (dir) => {
      const pkg = packageJson(dir);
      expect(pkg.repository).toEqual({ type: "git", url: REPOSITORY, directory: dir });
      expect(pkg.homepage).toBe(`${WEB}/tree/main/${dir}#readme`);
      expect(existsSync(join(ROOT, dir, "README.md"))).toBe(true);
      expect(pkg.bugs).toEqual({ url: `${WEB}/issues` });
      expect(pkg.keywords.length).toBeGreaterThan(3);
      for (const keyword of pkg.keywords) expect(keyword).toMatch(/^[a-z0-9][a-z0-9-]*$/);
      expect(new Set(pkg.keywords).size).toBe(pkg.keywords.length);
    },
  );

  // dist as the build step left it (the widgets' own test also checks its types with arethetypeswrong)
  test.each(PUBLISHED)("default: publint finds nothing in %s, not even suggestions", async (dir) => {
    const { messages } = await publint({ pkgDir: join(ROOT, dir), level: "suggestion", strict: true });
    expect(messages).toEqual([]);
  });

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
