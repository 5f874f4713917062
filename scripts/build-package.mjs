#!/usr/bin/env node
// Builds a publishable workspace package (run from its directory): esbuild bundles each `exports` entry
// from src/<name>.ts(x) to dist/<name>.js with dependencies and peers external; tsc emits declarations.
// `--js` builds only the JavaScript (what a server or a bundler runs: `npm start` needs no more), `--types` only the
// declarations beside a JavaScript build; both by default.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

const dir = process.cwd();
const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

// `--if-stale` (npm's prepack): a dist newer than every source is kept, so `npm pack` never ships an empty or old
// dist and packing a fresh build costs nothing. Sources: the package's src and package.json, and the SDK's src for
// the packages built on it.
if (process.argv.includes("--if-stale")) {
  const newest = (path) => {
    if (!existsSync(path)) return 0;
    const st = statSync(path);
    return st.isDirectory()
      ? Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))))
      : st.mtimeMs;
  };
  // both halves: `npm start` builds the JavaScript first and the declarations after
  const built = Math.min(
    ...["dist/index.js", "dist/index.d.ts"].map((f) =>
      existsSync(join(dir, f)) ? statSync(join(dir, f)).mtimeMs : 0,
    ),
  );
  const sources = [join(dir, "src"), join(dir, "package.json")];
  if ({ ...pkg.dependencies, ...pkg.peerDependencies }["@compass/sdk"]) sources.push(join(dir, "../sdk/src"));
  if (built > 0 && sources.every((s) => newest(s) <= built)) {
    console.log(`${pkg.name}: dist is up to date`);
    process.exit(0);
  }
}
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].flatMap(
  (d) => [d, `${d}/*`],
);
const entries = {};
for (const target of Object.values(pkg.exports ?? {})) {
  const file = typeof target === "string" ? target : target.import;
  if (!file?.startsWith("./dist/") || !file.endsWith(".js")) continue;
  const name = file.slice("./dist/".length, -".js".length);
  const src = ["ts", "tsx"].map((ext) => join(dir, "src", `${name}.${ext}`)).find(existsSync);
  if (src) entries[name] = src;
}
const platform = pkg.compassBuild?.platform ?? "neutral";
const js = !process.argv.includes("--types");
const types = !process.argv.includes("--js");
// a JavaScript build starts from an empty dist: the declarations of an older build go with it
if (js) rmSync(join(dir, "dist"), { recursive: true, force: true });
if (!js) {
  // declarations only
} else if (pkg.compassBuild?.preserveModules) {
  // One output file per source module (rolldown's preserveModules): a partner's bundler sees the package's real
  // module graph, so it drops what the page does not use and splits what the widgets load on demand (a locale,
  // the card step) into chunks of their own. Bundled chunks hide that graph: esbuild's shared chunk is one module
  // to the partner's bundler, and a dynamic import into it stays in the first load.
  const { rolldown } = await import("rolldown");
  const deps = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})];
  const bundle = await rolldown({
    input: entries,
    platform,
    external: [new RegExp(`^(${deps.map((d) => d.replace(/[/.]/g, "\\$&")).join("|")})(/|$)`), /^node:/],
    transform: { target: "es2022", jsx: "react-jsx" },
    logLevel: "warn",
    // each module's own "use client" is restated by the banner on every output file
    onLog: (level, log, handler) => {
      if (log.code !== "MODULE_LEVEL_DIRECTIVE") handler(level, log);
    },
  });
  await bundle.write({
    dir: join(dir, "dist"),
    format: "esm",
    preserveModules: true,
    preserveModulesRoot: join(dir, "src"),
    entryFileNames: "[name].js",
    banner: pkg.compassBuild?.banner,
    comments: { legal: false },
  });
  await bundle.close();
} else
  await build({
    entryPoints: entries,
    outdir: join(dir, "dist"),
    bundle: true,
    splitting: true,
    format: "esm",
    platform,
    target: "es2022",
    external: [...external, ...(platform === "node" ? [] : ["node:*"])],
    jsx: "automatic",
    loader: { ".css": "text" },
    banner: pkg.compassBuild?.banner ? { js: pkg.compassBuild.banner } : undefined,
    logLevel: "warning",
    legalComments: "none",
    // text as UTF-8, not \u escapes: a widget's catalog in Russian, Japanese or Arabic stays its own size (escaped,
    // each letter costs 6 bytes and the locale chunks outgrow their 2 kB budget)
    charset: "utf8",
  });
if (types) {
  execFileSync(join(dir, "../node_modules/.bin/tsc"), ["-p", "tsconfig.build.json"], { stdio: "inherit" });
  // Declarations keep the sources' `.ts` specifiers; published files must point at `.js`.
  const walk = (d) =>
    readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
  for (const file of walk(join(dir, "dist")).filter((f) => f.endsWith(".d.ts"))) {
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace(/(from\s+|import\()(["'])(\.{1,2}\/[^"']+?)\.tsx?\2/g, "$1$2$3.js$2"));
  }
}
const what = js && types ? "" : js ? " (JavaScript)" : " (declarations)";
console.log(`built ${pkg.name}${what}: ${Object.keys(entries).join(", ")}`);
