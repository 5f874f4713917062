/**
 * Generates every client surface's code from the operation registry:
 *   sdk/src/generated/{types,operations,namespaces,manifest}.ts and python/compass_api/_generated.py.
 * `--check` fails (exit 1) when a committed file differs from what the registry produces.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildOpenApi } from "../src/kernel/openapi/build.ts";
import type { Operation } from "../src/kernel/registry/define.ts";
import { operations } from "../src/registry.ts";
import { groupModels, operationModels } from "./gen/model.ts";
import { pythonFile } from "./gen/python.ts";
import {
  groupFiles,
  manifestFile,
  namespacesFile,
  operationsFile,
  sdkPackageJson,
  typesFile,
  versionFile,
} from "./gen/typescript.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Every generated file (path → text) for a list of operations: the registry's by default; a test passes
 * its own list (with an operation only it registers) and gets the same surfaces in memory.
 */
export function generatedFiles(ops: Operation[] = operations): Record<string, string> {
  const doc = buildOpenApi(ops, { env: "staging", serverUrl: "/" });
  const models = operationModels(doc);
  const sdkPackage = JSON.parse(readFileSync(join(root, "sdk/package.json"), "utf8"));
  return {
    "sdk/src/generated/types.ts": typesFile(doc, models),
    ...groupFiles(models),
    "sdk/src/generated/operations.ts": operationsFile(models),
    "sdk/src/generated/namespaces.ts": namespacesFile(models),
    "sdk/src/generated/manifest.ts": manifestFile(models, groupModels(doc)),
    "sdk/src/generated/version.ts": versionFile(sdkPackage.version),
    "sdk/package.json": sdkPackageJson(sdkPackage, models),
    "python/compass_api/_generated.py": pythonFile(doc, models, sdkPackage.version),
  };
}

const GROUPS_DIR = "sdk/src/generated/groups";

/** Group files left from a namespace the registry no longer has (a renamed or removed group). */
function leftovers(files: Record<string, string>): string[] {
  const dir = join(root, GROUPS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => `${GROUPS_DIR}/${name}`)
    .filter((path) => !(path in files));
}

export function drift(): string[] {
  const files = generatedFiles();
  return [
    ...Object.entries(files)
      .filter(
        ([path, text]) => !existsSync(join(root, path)) || readFileSync(join(root, path), "utf8") !== text,
      )
      .map(([path]) => path),
    ...leftovers(files).map((path) => `${path} (no longer generated)`),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--check")) {
    const stale = drift();
    if (stale.length) {
      console.error(
        `Generated files are out of date with the registry:\n  ${stale.join("\n  ")}\nRun: npm run generate`,
      );
      process.exit(1);
    }
    console.log("generated files are up to date");
  } else {
    const files = generatedFiles();
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
      console.log(`wrote ${path}`);
    }
    for (const path of leftovers(files)) {
      rmSync(join(root, path));
      console.log(`removed ${path}`);
    }
  }
}
