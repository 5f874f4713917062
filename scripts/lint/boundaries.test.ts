import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { type BoundaryConfig, checkBoundaries, type Finding } from "./boundaries.ts";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "../..");
const config = JSON.parse(readFileSync(join(REPO, "boundaries.json"), "utf8")) as BoundaryConfig;

/** A small repository shaped like ours, clean under the real rules; each test plants one violation. */
const CLEAN: Record<string, string> = {
  "package.json": JSON.stringify({ workspaces: ["constants", "api", "devnet", "sdk", "widgets", "testkit"] }),
  "constants/package.json": JSON.stringify({
    name: "@compass/constants",
    exports: { ".": "./src/index.ts" },
  }),
  "constants/src/index.ts": 'export const CHAINS = ["ethereum"] as const;\n',
  "api/package.json": JSON.stringify({ name: "@compass/api", exports: { ".": "./src/index.ts" } }),
  "api/src/index.ts":
    'export { createHttpApp } from "./http/app.ts";\nexport { operations } from "./registry.ts";\n',
  "api/src/registry.ts":
    'import { operations as onramp } from "./v2/onramp/index.ts";\nimport { operations as tokenized } from "./v2/tokenized-assets/index.ts";\nexport const operations = [...onramp, ...tokenized];\n',
  "api/src/kernel/errors.ts": "export class DomainError extends Error {}\n",
  "api/src/http/app.ts":
    'import { DomainError } from "../kernel/errors.ts";\nexport const createHttpApp = () => DomainError;\n',
  "api/src/protocols/aave/index.ts": 'export { supplyCall } from "./calls.ts";\n',
  "api/src/protocols/aave/calls.ts":
    'import { DomainError } from "../../kernel/errors.ts";\nexport const supplyCall = () => DomainError;\n',
  "api/src/product-accounts/index.ts":
    'import { supplyCall } from "../protocols/aave/index.ts";\nexport const accountCall = supplyCall;\n',
  "api/src/v2/onramp/index.ts":
    'import { quote } from "./operations/quote.ts";\nexport const operations = [quote];\n',
  "api/src/v2/onramp/operations/quote.ts":
    'import { CHAINS } from "@compass/constants";\nimport { DomainError } from "../../../kernel/errors.ts";\nexport const quote = [CHAINS, DomainError];\n',
  "api/src/v2/tokenized-assets/index.ts":
    'import { supplyCall } from "../../protocols/aave/index.ts";\nimport { accountCall } from "../../product-accounts/index.ts";\nexport const operations = [supplyCall, accountCall];\n',
  "api/test/app.test.ts":
    'import { expect } from "vitest";\nimport { createHttpApp } from "../src/index.ts";\nexpect(createHttpApp).toBeDefined();\n',
  "devnet/package.json": JSON.stringify({ name: "@compass/devnet", exports: { ".": "./src/index.ts" } }),
  "devnet/src/index.ts": 'import { CHAINS } from "@compass/constants";\nexport const chains = CHAINS;\n',
  "sdk/package.json": JSON.stringify({ name: "@compass/sdk", exports: { ".": "./src/index.ts" } }),
  "sdk/src/index.ts": "export const client = {};\n",
  "widgets/package.json": JSON.stringify({ name: "@compass/widgets", exports: { ".": "./src/index.ts" } }),
  "widgets/src/index.ts":
    'import { client } from "@compass/sdk";\nimport { useState } from "react";\nexport { client, useState };\n',
  "testkit/package.json": JSON.stringify({ name: "@compass/testkit", exports: { ".": "./src/index.ts" } }),
  "testkit/src/index.ts": 'export { startDevnet } from "@compass/devnet";\n',
};

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function tree(files: Record<string, string>): { root: string; list: string[] } {
  const root = mkdtempSync(join(tmpdir(), "boundaries-"));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, list: Object.keys(files) };
}

function check(planted: Record<string, string> = {}): Finding[] {
  const { root, list } = tree({ ...CLEAN, ...planted });
  return checkBoundaries(root, config, list);
}

const rules = (findings: Finding[]) => findings.map((f) => `${f.rule} ${f.file}`);

describe("boundaries", () => {
  test("default: the clean tree has no findings", () => {
    expect(check()).toEqual([]);
  });

  test("behavior: devnet importing the API is refused — a twin shares no code with what it tests", () => {
    const findings = check({
      "devnet/src/twin.ts":
        'import { createHttpApp } from "@compass/api";\nexport const x = createHttpApp;\n',
    });
    expect(rules(findings)).toEqual(["package-may devnet/src/twin.ts"]);
  });

  test("behavior: a relative import into another package is refused, even to a file that exists", () => {
    const findings = check({ "devnet/src/calendar.ts": 'export * from "../../api/src/kernel/errors.ts";\n' });
    expect(rules(findings)).toEqual(["relative-across-packages devnet/src/calendar.ts"]);
  });

  test("behavior: a deep import past a package's exports map is refused", () => {
    const findings = check({
      "testkit/src/deep.ts": 'export { DomainError } from "@compass/api/errors";\n',
    });
    expect(rules(findings)).toEqual(["package-exports testkit/src/deep.ts"]);
  });

  test("behavior: a package exporting every file is refused", () => {
    const findings = check({
      "api/package.json": JSON.stringify({
        name: "@compass/api",
        exports: { ".": "./src/index.ts", "./*": "./src/*.ts" },
      }),
    });
    expect(rules(findings)).toEqual(["explicit-exports api/package.json"]);
  });

  test("behavior: the API importing React, and widgets importing a non-peer, are refused", () => {
    const findings = check({
      "api/src/v2/onramp/domain/render.ts":
        'import { createElement } from "react";\nexport const r = createElement;\n',
      "widgets/src/date.ts": 'import { format } from "date-fns";\nexport const f = format;\n',
    });
    expect(rules(findings).sort()).toEqual([
      "package-externals widgets/src/date.ts",
      "package-forbid api/src/v2/onramp/domain/render.ts",
    ]);
  });

  test("behavior: domain code importing the HTTP layer is refused; the composition root may", () => {
    const findings = check({
      "api/src/v2/onramp/domain/terms.ts":
        'import { createHttpApp } from "../../../http/app.ts";\nexport const t = createHttpApp;\n',
    });
    expect(rules(findings)).toEqual(["api-http api/src/v2/onramp/domain/terms.ts"]);
  });

  test("behavior: a capability importing another capability is refused, even through its index.ts", () => {
    const findings = check({
      "api/src/v2/tokenized-assets/domain/x.ts":
        'import { operations } from "../../onramp/index.ts";\nexport const x = operations;\n',
      "api/src/v1/aave/domain/y.ts":
        'import { quote } from "../../../v2/onramp/operations/quote.ts";\nexport const y = quote;\n',
    });
    expect(rules(findings).sort()).toEqual([
      "api-capability api/src/v1/aave/domain/y.ts",
      "api-capability api/src/v2/tokenized-assets/domain/x.ts",
    ]);
  });

  test("behavior: each layer imports only below it — kernel, protocols, libraries — and the HTTP layer no root", () => {
    const findings = check({
      "api/src/kernel/lib/helper.ts":
        'import { supplyCall } from "../../protocols/aave/index.ts";\nexport const h = supplyCall;\n',
      "api/src/protocols/morpho/index.ts":
        'import { supplyCall } from "../aave/index.ts";\nexport const m = supplyCall;\n',
      "api/src/protocols/pendle/index.ts":
        'import { accountCall } from "../../product-accounts/index.ts";\nexport const p = accountCall;\n',
      "api/src/product-accounts/domain/z.ts":
        'import { operations } from "../../v2/onramp/index.ts";\nexport const z = operations;\n',
      "api/src/http/router.ts":
        'import { operations } from "../registry.ts";\nexport const r = operations;\n',
    });
    expect(rules(findings).sort()).toEqual([
      "api-http api/src/http/router.ts",
      "api-kernel api/src/kernel/lib/helper.ts",
      "api-library api/src/product-accounts/domain/z.ts",
      "api-protocol api/src/protocols/morpho/index.ts",
      "api-protocol api/src/protocols/pendle/index.ts",
    ]);
  });

  test("behavior: a protocol or library is imported through its index.ts, not by deep path", () => {
    const findings = check({
      "api/src/v2/onramp/domain/deep.ts":
        'import { supplyCall } from "../../../protocols/aave/calls.ts";\nexport const d = supplyCall;\n',
    });
    expect(rules(findings)).toEqual(["api-entry api/src/v2/onramp/domain/deep.ts"]);
  });

  test("behavior: a file of api/src outside every declared folder is refused", () => {
    const findings = check({
      "api/src/misc/thing.ts":
        'import { DomainError } from "../kernel/errors.ts";\nexport const t = DomainError;\n',
    });
    expect(rules(findings)).toEqual(["api-layout api/src/misc/thing.ts"]);
  });

  test("behavior: an import cycle is refused, type-only imports included, and named as a path", () => {
    const findings = check({
      "api/src/v2/onramp/domain/a.ts": 'import type { B } from "./b.ts";\nexport type A = { b?: B };\n',
      "api/src/v2/onramp/domain/b.ts": 'import type { A } from "./a.ts";\nexport type B = { a?: A };\n',
    });
    expect(findings.map((f) => f.message)).toEqual([
      "import cycle: api/src/v2/onramp/domain/a.ts → api/src/v2/onramp/domain/b.ts → api/src/v2/onramp/domain/a.ts",
    ]);
  });

  test("behavior: `npm run lint`'s checker exits 0 on a clean tree and 1 once a violation is planted", () => {
    const { root } = tree(CLEAN);
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "ignore" });
    git("init", "-q");
    writeFileSync(join(root, "boundaries.json"), JSON.stringify(config));
    const run = () =>
      spawnSync(
        process.execPath,
        ["--import", "tsx", join(REPO, "scripts/lint/boundaries.ts"), "--root", root],
        {
          encoding: "utf8",
        },
      );
    expect(run().status).toBe(0);
    writeFileSync(
      join(root, "devnet/src/leak.ts"),
      'export { quote } from "../../api/src/v2/onramp/operations/quote.ts";\n',
    );
    const failed = run();
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/devnet\/src\/leak\.ts:1 {2}relative-across-packages/);
  });
});
