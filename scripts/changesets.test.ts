import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readConfig } from "@changesets/config";
import { readChangesets } from "@changesets/read";
import { shouldSkipPackage } from "@changesets/should-skip-package";
import type { Package } from "@changesets/types";
import { describe, expect, test } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const readJson = (path: string) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

/** Every workspace as Changesets sees one (the root's `workspaces` are plain directories). */
const workspaces: Package[] = (readJson("package.json").workspaces as string[]).map((dir) => ({
  dir: join(ROOT, dir),
  relativeDir: dir,
  packageJson: readJson(`${dir}/package.json`),
}));
const published = workspaces.filter((p) => !p.packageJson.private).map((p) => p.packageJson.name);
const BUMPS = ["major", "minor", "patch"];

async function config() {
  const { config, errors, warnings } = await readConfig(ROOT);
  expect(errors).toBeUndefined();
  expect(warnings).toEqual([]);
  return config!;
}

describe("changesets", () => {
  test("default: .changeset/config.json parses, with only keys Changesets knows", async () => {
    const c = await config();
    expect(c.access).toBe("public");
    expect(c.baseBranch).toBe("main");
    expect(c.changelog).toEqual(["@changesets/cli/changelog", null]);
    // the parser drops a key it does not know without a word: a misspelt option would silently do nothing
    const known = Object.keys(readJson("node_modules/@changesets/config/schema.json").properties);
    const written = Object.keys(readJson(".changeset/config.json")).filter((k) => k !== "$schema");
    expect(written.filter((k) => !known.includes(k))).toEqual([]);
    expect(import.meta.resolve("@changesets/cli/changelog")).toMatch(/changelog/);
  });

  test("default: every published workspace is released, and no private one is", async () => {
    const c = await config();
    const skip = (p: Package) =>
      shouldSkipPackage(p, { ignore: c.ignore, allowPrivatePackages: c.privatePackages.version });
    expect(published.length).toBeGreaterThan(0);
    expect(workspaces.filter((p) => !skip(p)).map((p) => p.packageJson.name)).toEqual(published);
    expect(c.privatePackages).toEqual({ version: false, tag: false });
  });

  test("default: every changeset names only published packages, each with a major, minor or patch bump", async () => {
    const files = readdirSync(join(ROOT, ".changeset")).filter((f) => f.endsWith(".md") && f !== "README.md");
    const changesets = await readChangesets(ROOT);
    expect(changesets.map((c) => `${c.id}.md`).sort()).toEqual(files.sort());
    for (const changeset of changesets) {
      expect(changeset.releases.length, changeset.id).toBeGreaterThan(0);
      expect(changeset.summary, changeset.id).not.toBe("");
      for (const release of changeset.releases) {
        expect(published, `${changeset.id}: ${release.name}`).toContain(release.name);
        expect(BUMPS, `${changeset.id}: ${release.name}`).toContain(release.type);
      }
    }
  });
});
