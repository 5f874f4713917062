import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** What a host app's bundler brings along with a widget: react, wagmi, viem and react-query are the host's. */
export const PEERS = ["react", "react-dom", "wagmi", "viem", "@tanstack/react-query"];

/** esbuild, minified ESM for browsers, peers external, then gzip -9 — the way every size figure is measured. */
export async function gzipSize(
  source: string,
  resolveDir: string,
): Promise<{ minified: number; gzip: number }> {
  const result = await build({
    stdin: { contents: source, resolveDir, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    outfile: "bundle.js",
    external: PEERS.flatMap((p) => [p, `${p}/*`]),
    define: { "process.env.NODE_ENV": '"production"' },
    loader: { ".css": "text", ".svg": "text", ".png": "empty", ".woff2": "empty" },
    logLevel: "error",
  });
  const code = result.outputFiles
    .filter((f) => f.path.endsWith(".js"))
    .reduce((n, f) => n + f.contents.length, 0);
  const gz = result.outputFiles
    .filter((f) => f.path.endsWith(".js"))
    .reduce((n, f) => n + gzipSync(f.contents, { level: 9 }).length, 0);
  return { minified: code, gzip: gz };
}

export const kB = (bytes: number) => Math.round(bytes / 102.4) / 10;
