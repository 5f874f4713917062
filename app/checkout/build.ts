/**
 * The hosted checkout's browser files: `entry.tsx` bundled by rolldown (React, the widgets, the page; the wallet
 * layer split off, loaded when someone connects), minified, with hashed names, and a gzip copy of each. The
 * manifest names the entry script and stylesheet and the sources they came from (a newer source rebuilds them).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const HERE = dirname(fileURLToPath(import.meta.url));
/** where the files go (git ignores dist/); served under ASSET_PREFIX */
export const CHECKOUT_DIST = join(HERE, "../dist/checkout");
export const ASSET_PREFIX = "/_checkout/";
const MANIFEST = join(CHECKOUT_DIST, "manifest.json");

export interface CheckoutManifest {
  script: string;
  stylesheet: string;
  inputs: string[];
}

export function readManifest(): CheckoutManifest | null {
  try {
    return JSON.parse(readFileSync(MANIFEST, "utf8")) as CheckoutManifest;
  } catch {
    return null;
  }
}

/** Whether the built files are newer than every source they came from. */
export function checkoutFresh(): boolean {
  const manifest = readManifest();
  if (!manifest) return false;
  const built = statSync(MANIFEST).mtimeMs;
  try {
    return manifest.inputs.every((f) => statSync(f).mtimeMs <= built);
  } catch {
    return false; // an input is gone
  }
}

/** Builds the checkout's browser files unless they are newer than every source; returns whether it built. */
export async function buildCheckout(force = false): Promise<boolean> {
  if (!force && checkoutFresh()) return false;
  // rolldown (Vite's bundler) rather than esbuild: it drops what the on-ramp widget does not use of wagmi and viem
  // (measured: 11 kB gzip for the widget's entry against 45 kB through esbuild)
  const { build } = await import("rolldown");
  rmSync(CHECKOUT_DIST, { recursive: true, force: true });
  mkdirSync(CHECKOUT_DIST, { recursive: true });
  const inputs = new Set<string>();
  const result = await build({
    input: { checkout: join(HERE, "entry.tsx") },
    platform: "browser",
    transform: { define: { "process.env.NODE_ENV": '"production"' }, jsx: "react-jsx" },
    plugins: [{ name: "inputs", load: (id) => void inputs.add(id) }],
    onLog: (level, log, handler) => {
      // "use client" marks files for Next; here every file is client code
      if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
      // node-only code paths of ox that the wallet layer never takes in a browser
      if (log.code === "UNRESOLVED_IMPORT" && log.message.includes("'node:")) return;
      handler(level, log);
    },
    output: {
      dir: CHECKOUT_DIST,
      format: "esm",
      entryFileNames: "[name]-[hash].js",
      chunkFileNames: "[name]-[hash].js",
      minify: true,
    },
  });
  const entry = result.output.find((o) => o.type === "chunk" && o.isEntry)!;
  // the page's stylesheet: the app's, under a name that changes with its content
  const css = readFileSync(join(HERE, "../app/globals.css"));
  const stylesheet = `globals-${createHash("sha256").update(css).digest("hex").slice(0, 10)}.css`;
  writeFileSync(join(CHECKOUT_DIST, stylesheet), css);
  for (const file of readdirSync(CHECKOUT_DIST)) {
    const path = join(CHECKOUT_DIST, file);
    writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
  }
  const manifest: CheckoutManifest = {
    script: ASSET_PREFIX + entry.fileName,
    stylesheet: ASSET_PREFIX + stylesheet,
    inputs: [...inputs, join(HERE, "../app/globals.css")].filter((f) => isAbsolute(f) && existsSync(f)),
  };
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 1)}\n`);
  return true;
}

// Run as a script (`node --import tsx app/checkout/build.ts`), not when compiled into the shipped server's bundle
// (which imports this file for the manifest): there argv[1] is the bundle, and so is import.meta.url.
if (process.argv[1] === fileURLToPath(import.meta.url) && import.meta.url.endsWith("/checkout/build.ts")) {
  const built = await buildCheckout(process.argv.includes("--force"));
  console.log(
    built ? `built ${JSON.stringify(readManifest(), (k, v) => (k === "inputs" ? v.length : v))}` : "fresh",
  );
}
