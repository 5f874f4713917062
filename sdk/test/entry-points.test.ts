import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { build } from "esbuild";
import { publint } from "publint";
import { describe, expect, test } from "vitest";

const sdk = join(import.meta.dirname, "..");
const pkg = JSON.parse(readFileSync(join(sdk, "package.json"), "utf8"));

/** Bundle a snippet importing the SDK by name (the built package, as a partner's bundler sees it). */
async function bundle(code: string): Promise<string> {
  const out = await build({
    stdin: { contents: code, resolveDir: sdk, loader: "ts" },
    bundle: true,
    write: false,
    format: "esm",
    minify: true,
    platform: "neutral",
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

describe("per-namespace entry points", () => {
  test("default: publint finds nothing; every entry's types resolve for ESM and bundlers (attw)", async () => {
    const { messages } = await publint({ pkgDir: sdk, level: "suggestion", strict: true });
    expect(messages).toEqual([]);
    const attw = await promisify(execFile)(
      join(sdk, "../node_modules/.bin/attw"),
      ["--pack", sdk, "--profile", "esm-only", "--format", "ascii"],
      { cwd: join(sdk, "..") },
    ).then(
      () => ({ code: 0, output: "" }),
      (e) => ({ code: e.code as number, output: `${e.stdout}${e.stderr}` }),
    );
    expect(attw.code, attw.output).toBe(0);
  }, 120_000);

  test("default: one export per namespace, generated from the registry", () => {
    expect(Object.keys(pkg.exports)).toEqual(
      expect.arrayContaining([".", "./manifest", "./onramp", "./perpetual-trading", "./tokenized-assets"]),
    );
  });

  test("behavior: importing one namespace's function bundles none of the others", async () => {
    const one = await bundle(
      'import { Transport } from "@compass/sdk"; import { onrampQuote } from "@compass/sdk/onramp"; console.log(onrampQuote(new Transport(), {} as any));',
    );
    expect(one).toContain("/v2/onramp/quote");
    expect(one).not.toContain("/v2/onramp/status");
    expect(one).not.toContain("/v2/perpetual_trading/");
    expect(one).not.toContain("/v2/tokenized_assets/");
    const all = await bundle(
      'import { CompassClient } from "@compass/sdk"; console.log(new CompassClient());',
    );
    expect(all).toContain("/v2/perpetual_trading/");
    expect(one.length).toBeLessThan(all.length / 2);
  });
});
