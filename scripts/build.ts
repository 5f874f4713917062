// Builds whatever is missing or older than its sources: publishable packages, the Next app, and (for `npm run build`
// and `npm test`) the static Storybook. `npm start` takes it in two halves: what its servers and twins run before
// they start (`buildForServers`: the packages' JavaScript and the bundles), and the rest while they run
// (`buildRest`: the hosted checkout's files, the pages, the declarations and the CLI).
import { existsSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCheckout, checkoutFresh } from "@compass/app/checkout-build";
import { bundleNode, CLI_BUNDLE, CLI_ENTRY, TWINS, twinBundlePath } from "@compass/devnet";
import { exec, SERVER_BUNDLE, SERVER_ENTRY } from "@compass/testkit/stack";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SKIP = new Set(["node_modules", "dist", ".next", "storybook-static", "test-results", "public"]);

/** The newest mtime under `path`; `declarations: false` leaves out `.d.ts` files (nothing the pages run). */
function newest(path: string, declarations = true): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return !declarations && path.endsWith(".d.ts") ? 0 : st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path))
    if (!SKIP.has(entry)) max = Math.max(max, newest(join(path, entry), declarations));
  return max;
}

function stale(marker: string, sources: string[], declarations = true): boolean {
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  return sources.some((s) => newest(join(ROOT, s), declarations) > built);
}

const PACKAGES = [
  { dir: "sdk", sources: ["sdk/src", "sdk/package.json"] },
  { dir: "cli", sources: ["cli/src", "cli/package.json", "sdk/src"] },
  { dir: "mcp", sources: ["mcp/src", "mcp/package.json", "sdk/src"] },
  { dir: "widgets", sources: ["widgets/src", "widgets/package.json", "sdk/src"] },
];
type PackageDir = "sdk" | "cli" | "mcp" | "widgets";
/** The packages the shipped server compiles in (the MCP endpoint, the checkout's widgets, both over the SDK) */
const SERVER_PACKAGES: PackageDir[] = ["sdk", "mcp", "widgets"];

/** The Next app's sources: a change to any rebuilds the pages (the packages' declarations are not among them) */
const NEXT_SOURCES = [
  "app/app",
  "app/lib",
  "app/next.config.ts",
  "app/package.json",
  "api/src",
  "widgets/dist",
  "sdk/dist",
  "mcp/dist",
];

/** Options every build step takes. */
export interface BuildOptions {
  force?: boolean;
  log?: (m: string) => void;
  /**
   * run beside running servers (`npm start`): as child processes whose output is kept back (a server's start
   * output is no place for a bundler's) and printed only when one fails
   */
  background?: boolean;
  /** the builds' CPU priority (nice value; 19 the lowest) */
  priority?: number;
}

/** Runs a build (see BuildOptions). */
async function execBuild(
  cmd: string,
  args: string[],
  {
    cwd,
    env,
    background = false,
    priority,
  }: { cwd: string; env?: Record<string, string>; background?: boolean; priority?: number },
): Promise<{ code: number; output: string[] }> {
  const output: string[] = [];
  if (!background) return { code: await exec(cmd, args, { cwd, env, priority }), output };
  const code = await exec(cmd, args, {
    cwd,
    env,
    inherit: false,
    priority,
    onLine: (line) => output.push(line),
  });
  if (code) console.error(output.slice(-40).join("\n"));
  return { code, output };
}

/**
 * A package's JavaScript (`js`), its declarations (`types`), or both (`all`) unless fresh; true when it built.
 * A JavaScript build starts from an empty dist, so declarations are stale after it until built again.
 */
async function buildPackage(
  dir: PackageDir,
  what: "js" | "types" | "all",
  { force = false, log = console.log, background = false, priority }: BuildOptions,
): Promise<boolean> {
  const pkg = PACKAGES.find((p) => p.dir === dir)!;
  if (!existsSync(join(ROOT, dir, "package.json"))) return false;
  const jsStale = force || stale(join(ROOT, dir, "dist/index.js"), pkg.sources);
  const typesStale = jsStale || stale(join(ROOT, dir, "dist/index.d.ts"), pkg.sources);
  const mode = what === "all" ? (jsStale ? "all" : "types") : what;
  if (mode === "js" ? !jsStale : !typesStale) return false;
  log(`building ${dir}${mode === "js" ? " (JavaScript)" : mode === "types" ? " (declarations)" : ""}…`);
  const { code } = await execBuild(
    process.execPath,
    [join(ROOT, "scripts/build-package.mjs"), ...(mode === "all" ? [] : [`--${mode}`])],
    { cwd: join(ROOT, dir), background, priority },
  );
  if (code) throw new Error(`build of ${dir} failed`);
  return true;
}

/**
 * What the shipped server and the twins run, so they start from bundles: the JavaScript of the SDK, then of MCP and
 * the widgets side by side (the server compiles both in), then the bundles of the twins and the server.
 */
export async function buildForServers(opts: BuildOptions = {}): Promise<void> {
  await buildPackage("sdk", "js", opts);
  await Promise.all(SERVER_PACKAGES.filter((d) => d !== "sdk").map((d) => buildPackage(d, "js", opts)));
  await buildBundles(opts);
}

/** The twins and the shipped server start from bundles (tsx stays the fallback while one is stale). */
async function buildBundles({ force = false, log = console.log }: BuildOptions): Promise<void> {
  const bundles: { name: string; entry: string; out: string; sourceModuleUrls?: boolean }[] = [
    ...TWINS.map((t) => ({ name: `twin ${t.name}`, entry: t.entry, out: twinBundlePath(t.name) })),
    { name: "server", entry: SERVER_ENTRY, out: SERVER_BUNDLE },
    // compass-devnet: tests and shells call it many times (`send`, `price`, `issuer`…)
    { name: "devnet cli", entry: CLI_ENTRY, out: CLI_BUNDLE, sourceModuleUrls: true },
  ];
  const built = await Promise.all(
    bundles.map((b) => bundleNode(b.entry, b.out, { force, sourceModuleUrls: b.sourceModuleUrls })),
  );
  const names = bundles.filter((_, i) => built[i]).map((b) => b.name);
  if (names.length) log(`bundled ${names.join(", ")}`);
}

/** Whether `next build` has something to do (no build, or one older than its sources). */
export function pagesStale(): boolean {
  return stale(join(ROOT, "app/.next/BUILD_ID"), NEXT_SOURCES, false);
}

/** Whether the hosted checkout's files are missing or older than their sources. */
export function checkoutStale(): boolean {
  return !checkoutFresh();
}

/** The hosted checkout's browser files (served by the app's server, outside Next); true when it built. */
export async function buildCheckoutFiles(opts: BuildOptions = {}): Promise<boolean> {
  const { force = false, log = console.log, background = false, priority } = opts;
  if (!background) {
    const built = await buildCheckout(force);
    if (built) log("built the hosted checkout's files");
    return built;
  }
  // beside servers, rolldown's threads would take the launcher's event loop's CPU: a child process of its own
  const args = ["--import", "tsx", join(ROOT, "app/checkout/build.ts"), ...(force ? ["--force"] : [])];
  const { code, output } = await execBuild(process.execPath, args, { cwd: ROOT, background, priority });
  if (code) throw new Error("build of the hosted checkout's files failed");
  // the script prints "fresh" when it had nothing to do
  const built = output.some((line) => line.startsWith("built"));
  if (built) log("built the hosted checkout's files");
  return built;
}

/** `next build` unless the pages are fresh; true when it built. */
export async function buildPages(opts: BuildOptions = {}): Promise<boolean> {
  const { force = false, log = console.log, background = false, priority } = opts;
  if (!force && !pagesStale()) return false;
  log("building the web app (next build)…");
  const { code } = await execBuild(join(ROOT, "node_modules/.bin/next"), ["build"], {
    cwd: join(ROOT, "app"),
    env: { NEXT_TELEMETRY_DISABLED: "1" },
    background,
    priority,
  });
  if (code) throw new Error("next build failed");
  return true;
}

/** Whether a package's declarations or the CLI are missing or older than their sources. */
export function declarationsStale(): boolean {
  return PACKAGES.some(
    (p) =>
      existsSync(join(ROOT, p.dir, "package.json")) &&
      // written after the JavaScript, which starts from an empty dist
      stale(join(ROOT, p.dir, "dist/index.d.ts"), p.sources),
  );
}

/** The packages' declarations and the CLI: nothing a server runs, but what `npm run typecheck` and `npx compass` need. */
export async function buildDeclarationsAndCli(opts: BuildOptions = {}): Promise<boolean> {
  let built = await buildPackage("sdk", "all", opts);
  for (const dir of ["mcp", "widgets", "cli"] as const)
    built = (await buildPackage(dir, "all", opts)) || built;
  return built;
}

/** The static Storybook (`stories/storybook-static`, git-ignored): its stories render the widgets' and SDK's sources. */
const STORYBOOK_OUT = join(ROOT, "stories/storybook-static");
/** written last by `storybook build` (after the preview's bundle) */
const STORYBOOK_MARKER = join(STORYBOOK_OUT, "iframe.html");
const STORYBOOK_SOURCES = [
  "stories/src",
  "stories/.storybook",
  "stories/package.json",
  "widgets/src",
  "sdk/src",
];

/**
 * `storybook build` unless its output is newer than its sources; true when it built. The output's marker is dated
 * at the build's start, so a source edited while it ran makes the next call build again; a failed build leaves
 * no output to be taken for a fresh one.
 */
export async function buildStorybook({
  force = false,
  log = console.log,
}: {
  force?: boolean;
  log?: (m: string) => void;
} = {}): Promise<boolean> {
  if (!force && !stale(STORYBOOK_MARKER, STORYBOOK_SOURCES)) return false;
  log("building the Storybook (storybook build)…");
  const started = new Date();
  const code = await exec(
    join(ROOT, "node_modules/.bin/storybook"),
    ["build", "-o", "storybook-static", "--quiet"],
    { cwd: join(ROOT, "stories"), env: { STORYBOOK_DISABLE_TELEMETRY: "1" } },
  );
  if (code || !existsSync(STORYBOOK_MARKER)) {
    rmSync(STORYBOOK_OUT, { recursive: true, force: true });
    throw new Error("storybook build failed");
  }
  utimesSync(STORYBOOK_MARKER, started, started);
  return true;
}

/** Everything (`npm run build`, `npm test`, the bench): the packages whole, the bundles, the checkout, the pages. */
export async function buildAll({
  force = false,
  app = true,
  stories = false,
  log = console.log,
}: {
  force?: boolean;
  app?: boolean;
  /** the static Storybook too (`npm run build`, and `npm test` when it runs the story tests) */
  stories?: boolean;
  log?: (m: string) => void;
} = {}): Promise<void> {
  const opts = { force, log };
  // whole packages (JavaScript and declarations in one run each): the SDK first, the others build on it
  await buildPackage("sdk", "all", opts);
  for (const dir of ["cli", "mcp", "widgets"] as const) await buildPackage(dir, "all", opts);
  await buildBundles(opts);
  if (app) {
    await buildCheckoutFiles(opts);
    await buildPages(opts);
  }
  if (stories) await buildStorybook({ force, log });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAll({ force: process.argv.includes("--force"), stories: true }).catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
}
