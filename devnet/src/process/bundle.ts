/**
 * Node programs we launch (the twins, the app server) start from a prebuilt bundle when one is fresh: our
 * TypeScript compiled into one ESM file, npm packages left for Node to load natively. Through tsx's
 * loader hooks every import (viem, Next…) resolved ~2.4× slower; three twins and the server starting at
 * once on two cores paid that four times. A bundle is fresh while none of the files esbuild read for it
 * changed since; otherwise the caller falls back to tsx, so an edit never runs old code.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

interface Inputs {
  entry: string;
  files: string[];
}

const inputsFile = (outFile: string) => `${outFile}.inputs.json`;

/** `outFile` when it exists, was built from `entry`, and is newer than every file it compiled in. */
export function freshBundle(outFile: string, entry: string): string | undefined {
  try {
    const inputs = JSON.parse(readFileSync(inputsFile(outFile), "utf8")) as Inputs;
    if (inputs.entry !== resolve(entry)) return undefined;
    const built = statSync(outFile).mtimeMs;
    return inputs.files.every((f) => statSync(f).mtimeMs <= built) ? outFile : undefined;
  } catch {
    return undefined; // absent, unreadable, or an input is gone
  }
}

/** The node arguments that run `entry`: its fresh bundle, else the TypeScript through tsx's loader. */
export function nodeArgs(entry: string, outFile: string, tsxLoader: string): string[] {
  const bundle = freshBundle(outFile, entry);
  return bundle ? ["--enable-source-maps", bundle] : ["--import", tsxLoader, entry];
}

/** Builds `outFile` from `entry` unless fresh; returns whether it built. */
export async function bundleNode(entry: string, outFile: string, force = false): Promise<boolean> {
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
    ],
  });
  const files = Object.keys(result.metafile.inputs).map((f) => resolve(f));
  const inputs: Inputs = { entry: resolve(entry), files };
  writeFileSync(inputsFile(outFile), `${JSON.stringify(inputs, null, 1)}\n`);
  return true;
}
