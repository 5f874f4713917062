/**
 * Builds a partner's app as a partner would: `npm pack` the published packages (@compass/sdk and
 * @compass/widgets; their prepack builds a stale dist), install the tarballs beside the peers of one supported
 * combination (React 18 or 19, wagmi 2 or 3), and bundle with Vite. Weighs what the widgets add.
 *
 * The app lives in a temporary directory with its own node_modules: the tarballs extracted into it, the peers
 * linked to this repository's installs (the older majors under aliases from this workspace). Nothing resolves
 * through the repository's workspaces, so a file missing from a tarball fails the build.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";

const HERE = import.meta.dirname;
const ROOT = join(HERE, "..");
const modules = (name: string) => join(ROOT, "node_modules", name);

export interface Peers {
  react: 18 | 19;
  wagmi: 2 | 3;
}
/** Every peer combination the widgets' ranges claim; the partner-app test runs each one. */
export const SUPPORTED: Peers[] = [
  { react: 19, wagmi: 3 },
  { react: 18, wagmi: 3 },
  { react: 19, wagmi: 2 },
  { react: 18, wagmi: 2 },
];
export const VARIANTS = ["baseline", "onramp", "perps", "both"] as const;
export type Variant = (typeof VARIANTS)[number];
export const peersName = (p: Peers) => `react${p.react}-wagmi${p.wagmi}`;

/** Packs @compass/sdk and @compass/widgets (each `prepack` builds if its dist is stale); returns the tarballs. */
export function packTarballs(into: string): { sdk: string; widgets: string } {
  mkdirSync(into, { recursive: true });
  const pack = (dir: string) => {
    const out = execFileSync("npm", ["pack", "--json", "--pack-destination", into], {
      cwd: join(ROOT, dir),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    // the prepack script's own output comes first on stdout; the JSON report is the rest
    const report = out.slice(out.search(/^\[/m));
    return join(into, (JSON.parse(report) as { filename: string }[])[0]!.filename);
  };
  return { sdk: pack("sdk"), widgets: pack("widgets") };
}

const link = (target: string, at: string) => {
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(target, at, "dir");
};

/** A partner app directory for one peer combination: the sources, the tarballs installed, the peers linked. */
export function prepareApp(peers: Peers, tarballs: { sdk: string; widgets: string }): string {
  const dir = mkdtempSync(join(tmpdir(), `compass-partner-${peersName(peers)}-`));
  cpSync(join(HERE, "src"), join(dir, "src"), { recursive: true });
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "partner-shop", private: true, type: "module" }, null, 2),
  );
  for (const [name, tgz] of Object.entries(tarballs)) {
    const at = join(dir, "node_modules/@compass", name);
    mkdirSync(at, { recursive: true });
    execFileSync("tar", ["-xzf", tgz, "-C", at, "--strip-components=1"]);
  }
  const older = (alias: string) =>
    [join(HERE, "node_modules", alias), modules(alias)].find((p) => {
      try {
        readFileSync(join(p, "package.json"));
        return true;
      } catch {
        return false;
      }
    })!;
  const peerDirs: Record<string, string> = {
    react: peers.react === 19 ? modules("react") : older("react-18"),
    "react-dom": peers.react === 19 ? modules("react-dom") : older("react-dom-18"),
    wagmi: peers.wagmi === 3 ? modules("wagmi") : older("wagmi-2"),
    viem: modules("viem"),
    "@tanstack/react-query": modules("@tanstack/react-query"),
  };
  for (const [name, target] of Object.entries(peerDirs)) link(target, join(dir, "node_modules", name));
  return dir;
}

export interface Weight {
  /** gzip bytes of the JS a first visit loads: the entry and its static imports */
  firstLoad: number;
  /** gzip bytes of every JS chunk except the locales' message catalogs (a visitor loads one locale at most) */
  total: number;
  /**
   * gzip bytes of each locale catalog a widget loads, by chunk file: its own chunk (`own`) and with the chunks
   * only catalogs import (`loaded`: the words both widgets share, one chunk per locale)
   */
  catalogs: Record<string, { own: number; loaded: number }>;
  /** where the built files are, and the entry's file within */
  outDir: string;
  entry: string;
}

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** A locale's catalog chunk is named after its file: `de.ts` → `de-<hash>`. */
const LOCALE_CHUNK = /^(es|fr|de|it|pt-BR|ja|ko|zh-CN|tr|ru|ar)(-|$)/;

/** Bundles one variant of the app with Vite (production, minified) and weighs its chunks. */
export async function buildVariant(dir: string, variant: Variant): Promise<Weight> {
  const { build } = await import("vite");
  const react = (await import("@vitejs/plugin-react")).default;
  const outDir = join(dir, "dist", variant);
  rmSync(outDir, { recursive: true, force: true });
  await build({
    root: dir,
    configFile: false,
    logLevel: "error",
    mode: "production",
    plugins: [react()],
    // one copy of each peer, from the app's own node_modules (the linked installs' realpaths would otherwise
    // find the repository's other majors)
    resolve: { dedupe: ["react", "react-dom", "wagmi", "viem", "@tanstack/react-query"] },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      modulePreload: false,
      rolldownOptions: { input: { [variant]: join(dir, "src", `${variant}.tsx`) } },
    },
  });
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const gz = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
  const [entryId, entry] = Object.entries(manifest).find(([, c]) => c.isEntry)!;
  const first = new Set<string>();
  const walk = (id: string) => {
    if (first.has(id)) return;
    first.add(id);
    for (const i of manifest[id]!.imports ?? []) walk(i);
  };
  walk(entryId);
  // catalogs: the locale chunks, and every chunk that only they import (words shared by two widgets' catalogs)
  const importers = new Map<string, string[]>();
  for (const [id, c] of Object.entries(manifest))
    for (const i of [...(c.imports ?? []), ...(c.dynamicImports ?? [])])
      importers.set(i, [...(importers.get(i) ?? []), id]);
  const locale = new Set(
    Object.entries(manifest)
      .filter(([, c]) => c.isDynamicEntry && LOCALE_CHUNK.test(c.name ?? ""))
      .map(([id]) => id),
  );
  for (let grew = true; grew; ) {
    grew = false;
    for (const [id, by] of importers)
      if (!locale.has(id) && !first.has(id) && by.every((b) => locale.has(b))) {
        locale.add(id);
        grew = true;
      }
  }
  const catalogs: Weight["catalogs"] = {};
  for (const id of locale) {
    const c = manifest[id]!;
    if (!c.isDynamicEntry || !LOCALE_CHUNK.test(c.name ?? "")) continue;
    const shared = (c.imports ?? []).filter((i) => locale.has(i));
    const own = gz(c.file);
    catalogs[c.file] = { own, loaded: own + shared.reduce((n, i) => n + gz(manifest[i]!.file), 0) };
  }
  let total = 0;
  for (const [id, c] of Object.entries(manifest))
    if (c.file.endsWith(".js") && !locale.has(id)) total += gz(c.file);
  const firstLoad = [...first].reduce((sum, id) => sum + gz(manifest[id]!.file), 0);
  return { firstLoad, total, catalogs, outDir, entry: entry.file };
}

/** `npx tsx partner-app/build.ts`: prints the weights of every variant on React 19 + wagmi 3. */
if (process.argv[1] === import.meta.filename) {
  const work = mkdtempSync(join(tmpdir(), "compass-tarballs-"));
  const tarballs = packTarballs(work);
  const peers = SUPPORTED.find((p) => peersName(p) === (process.argv[2] ?? "react19-wagmi3"))!;
  const dir = prepareApp(peers, tarballs);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  const w: Partial<Record<Variant, Weight>> = {};
  for (const v of VARIANTS) w[v] = await buildVariant(dir, v);
  const base = w.baseline!;
  for (const v of VARIANTS) {
    const x = w[v]!;
    console.log(
      `${v.padEnd(9)} first load ${kb(x.firstLoad)} (+${kb(x.firstLoad - base.firstLoad)})  total ${kb(x.total)} (+${kb(x.total - base.total)})  catalogs ${Object.keys(x.catalogs).length}, max ${kb(Math.max(0, ...Object.values(x.catalogs).map((c) => c.own)))} (${kb(Math.max(0, ...Object.values(x.catalogs).map((c) => c.loaded)))} with shared words)`,
    );
  }
  console.log(dir);
}

/**
 * Serves a built variant on its own loopback origin (another port than the API: every call is cross-origin),
 * with `config` as the page's `window.__PARTNER_APP__`.
 */
export async function servePartnerApp(
  port: number,
  weight: Weight,
  config: Record<string, unknown>,
): Promise<{ url: string; close(): Promise<void> }> {
  const { createServer } = await import("node:http");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner shop</title>
<meta name="viewport" content="width=device-width,initial-scale=1"></head><body><div id="root"></div>
<script>window.__PARTNER_APP__=${JSON.stringify(config)}</script>
<script type="module" src="/${weight.entry}"></script></body></html>`;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/") return void res.writeHead(200, { "content-type": "text/html" }).end(html);
    const file = join(weight.outDir, path);
    if (!file.startsWith(`${weight.outDir}/`) || !path.endsWith(".js")) return void res.writeHead(404).end();
    try {
      res.writeHead(200, { "content-type": "text/javascript" }).end(readFileSync(file));
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
