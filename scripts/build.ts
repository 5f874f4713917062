// Builds whatever is missing or older than its sources: publishable packages, the Next app, and (for `npm run build`
// and `npm test`) the static Storybook.
import { existsSync, readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildCheckout } from "@compass/app/checkout-build";
import { bundleNode, TWINS, twinBundlePath } from "@compass/devnet";
import { exec, SERVER_BUNDLE, SERVER_ENTRY } from "@compass/testkit/stack";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SKIP = new Set(["node_modules", "dist", ".next", "storybook-static", "test-results", "public"]);

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) if (!SKIP.has(entry)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

function stale(marker: string, sources: string[]): boolean {
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  return sources.some((s) => newest(join(ROOT, s)) > built);
}

const PACKAGES = [
  { dir: "sdk", sources: ["sdk/src", "sdk/package.json"] },
  { dir: "cli", sources: ["cli/src", "cli/package.json", "sdk/src"] },
  { dir: "mcp", sources: ["mcp/src", "mcp/package.json", "sdk/src"] },
  { dir: "widgets", sources: ["widgets/src", "widgets/package.json", "sdk/src"] },
];

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
  for (const pkg of PACKAGES) {
    if (!existsSync(join(ROOT, pkg.dir, "package.json"))) continue;
    if (force || stale(join(ROOT, pkg.dir, "dist/index.js"), pkg.sources)) {
      log(`building ${pkg.dir}…`);
      const code = await exec(process.execPath, [join(ROOT, "scripts/build-package.mjs")], {
        cwd: join(ROOT, pkg.dir),
      });
      if (code) throw new Error(`build of ${pkg.dir} failed`);
    }
  }
  // the twins and the shipped server start from bundles (tsx stays the fallback while one is stale)
  const bundles = [
    ...TWINS.map((t) => ({ name: `twin ${t.name}`, entry: t.entry, out: twinBundlePath(t.name) })),
    { name: "server", entry: SERVER_ENTRY, out: SERVER_BUNDLE },
  ];
  const built = await Promise.all(bundles.map((b) => bundleNode(b.entry, b.out, force)));
  const names = bundles.filter((_, i) => built[i]).map((b) => b.name);
  if (names.length) log(`bundled ${names.join(", ")}`);
  // the hosted checkout's browser files (served by the app's server, outside Next)
  if (app && (await buildCheckout(force))) log("built the hosted checkout's files");
  if (
    app &&
    (force ||
      stale(join(ROOT, "app/.next/BUILD_ID"), [
        "app/app",
        "app/lib",
        "app/next.config.ts",
        "app/package.json",
        "api/src",
        "widgets/dist",
        "sdk/dist",
        "mcp/dist",
      ]))
  ) {
    log("building the web app (next build)…");
    const code = await exec("npm", ["run", "build", "--silent", "-w", "app"], {
      env: { NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (code) throw new Error("next build failed");
  }
  if (stories) await buildStorybook({ force, log });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAll({ force: process.argv.includes("--force"), stories: true }).catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
}
