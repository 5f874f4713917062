/**
 * Node programs we launch (the twins, the app server) start from a prebuilt bundle when one is fresh: our
 * TypeScript compiled into one ESM file, npm packages left for Node to load natively. Through tsx's
 * loader hooks every import (viem, Next…) resolved ~2.4× slower; three twins and the server starting at
 * once on two cores paid that four times. A bundle is fresh while none of the files esbuild read for it
 * changed since; otherwise the caller falls back to tsx, so an edit never runs old code.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "esbuild";

import { freshBundle, inputsFile } from "../../bin/fresh-bundle.mjs";

export { freshBundle };

/** The devnet's command line (`compass-devnet`, bin/devnet.mjs) and where `npm run build` bundles it. */
export const CLI_ENTRY = fileURLToPath(new URL("../cli.ts", import.meta.url));
export const CLI_BUNDLE = fileURLToPath(new URL("../../dist/cli.mjs", import.meta.url));

interface Inputs {
  entry: string;
  files: string[];
}

/** The node arguments that run `entry`: its fresh bundle, else the TypeScript through tsx's loader. */
export function nodeArgs(entry: string, outFile: string, tsxLoader: string): string[] {
  const bundle = freshBundle(outFile, entry);
  return bundle ? ["--enable-source-maps", bundle] : ["--import", tsxLoader, entry];
}

/** How a bundle is built (see bundleNode). */
export interface BundleOptions {
  /** build even when fresh */
  force?: boolean;
  /**
   * each module's `import.meta.url` stays its source file's (relative to the bundle, so the checkout may move): for
   * programs whose modules find their files next to themselves (artifacts, contracts, twin entries)
   */
  sourceModuleUrls?: boolean;
}

/** Builds `outFile` from `entry` unless fresh; returns whether it built. */
export async function bundleNode(
  entry: string,
  outFile: string,
  { force = false, sourceModuleUrls = false }: BundleOptions = {},
): Promise<boolean> {
  if (!force && freshBundle(outFile, entry)) return false;
  const { build } = await import("esbuild");
  mkdirSync(dirname(outFile), { recursive: true });
  const result = await build({
    entryPoints: [entry],
    outfile: outFile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    metafile: true,
    logLevel: "warning",
    plugins: [
      {
        name: "npm-packages-external",
        setup(b) {
          // our workspace packages are compiled in; npm packages load natively from node_modules
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith("@compass/") ? undefined : { path: args.path, external: true },
          );
        },
      },
      ...(sourceModuleUrls ? [sourceModuleUrlPlugin(dirname(resolve(outFile)))] : []),
    ],
  });
  const files = Object.keys(result.metafile.inputs).map((f) => resolve(f));
  const inputs: Inputs = { entry: resolve(entry), files };
  writeFileSync(inputsFile(outFile), `${JSON.stringify(inputs, null, 1)}\n`);
  return true;
}

const MODULE_URL = /\bimport\.meta\.url\b/;

/** Rewrites `import.meta.url` in our TypeScript to the source file's URL, relative to the bundle's directory. */
function sourceModuleUrlPlugin(outDir: string): Plugin {
  return {
    name: "source-module-urls",
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const source = await readFile(args.path, "utf8");
        if (!MODULE_URL.test(source)) return undefined;
        const from = relative(outDir, args.path).split(sep).join("/");
        return {
          contents: source.replace(
            new RegExp(MODULE_URL, "g"),
            `new URL(${JSON.stringify(from)}, import.meta.url).href`,
          ),
          loader: args.path.endsWith("x") ? "tsx" : "ts",
        };
      });
    },
  };
}
