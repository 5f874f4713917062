/**
 * The dependency rules of boundaries.json, checked over every source file git knows: what a package may
 * import, relative imports that leave their package, deep imports past a package's `exports`, the API's
 * layers, and import cycles (type-only imports count: a cycle of types is still two files that cannot be
 * understood apart). `npm run lint` runs it; `--json` prints the findings as JSON.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSync } from "oxc-parser";

export interface PackageRule {
  /** workspace packages (by name) this one may import */
  may: string[];
  /** outside packages it must not import (`@scope/*` globs) */
  forbid?: string[];
  /** when set, the only outside packages it may import */
  externals?: string[];
}

export interface BoundaryConfig {
  packages: Record<string, PackageRule>;
  tests: { may: string[] };
  api: {
    roots: string[];
    http: string[];
    kernel: string[];
    /** folders holding one protocol per subfolder: each imports only the kernel */
    protocols: string[];
    /** shared libraries above the protocols (product accounts, batches): kernel and protocols only */
    libraries: string[];
    /** capability folders; `v1/*` is every subfolder of v1. They import kernel, protocols, libraries: never each other */
    capabilities: string[];
  };
}

export interface Finding {
  file: string;
  line: number;
  rule: string;
  message: string;
}

interface Import {
  spec: string;
  line: number;
}

const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/;
const SKIP = /(^|\/)(generated|artifacts|dist|node_modules|\.next|storybook-static)\//;
const NODE = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** Every import specifier of a file: static, re-exports, dynamic with a literal, and `require`. */
export function importsOf(file: string, text: string): Import[] {
  const lineAt = (offset: number) => text.slice(0, offset).split("\n").length;
  const { module } = parseSync(file, text);
  const out: Import[] = [];
  for (const i of module.staticImports) out.push({ spec: i.moduleRequest.value, line: lineAt(i.start) });
  for (const e of module.staticExports)
    for (const entry of e.entries)
      if (entry.moduleRequest) out.push({ spec: entry.moduleRequest.value, line: lineAt(entry.start) });
  for (const d of module.dynamicImports) {
    const literal = /^\s*["'`]([^"'`$]+)["'`]\s*$/.exec(
      text.slice(d.moduleRequest.start, d.moduleRequest.end),
    );
    if (literal) out.push({ spec: literal[1]!, line: lineAt(d.start) });
  }
  for (const m of text.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g))
    out.push({ spec: m[1]!, line: lineAt(m.index) });
  return out;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
export function packageName(spec: string): string {
  const parts = spec.split("/");
  return spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

function glob(pattern: string, name: string): boolean {
  return pattern.endsWith("/*") ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
}

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file) || /(^|\/)test\//.test(file);

interface Workspace {
  dir: string;
  name: string;
  exports: Record<string, unknown> | undefined;
}

function workspaces(root: string): Map<string, Workspace> {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { workspaces: string[] };
  const out = new Map<string, Workspace>();
  for (const dir of pkg.workspaces) {
    const path = join(root, dir, "package.json");
    if (!existsSync(path)) continue;
    const ws = JSON.parse(readFileSync(path, "utf8")) as { name: string; exports?: Record<string, unknown> };
    out.set(ws.name, { dir, name: ws.name, exports: ws.exports });
  }
  return out;
}

/** A file an `exports` entry points at, preferring TypeScript sources over built output. */
function exportTarget(entry: unknown): string | undefined {
  if (typeof entry === "string") return entry;
  if (entry && typeof entry === "object") {
    const e = entry as Record<string, unknown>;
    return exportTarget(e.source ?? e.import ?? e.default ?? e.types);
  }
  return undefined;
}

function resolveFile(path: string, files: Set<string>): string | undefined {
  const candidates = [path, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`];
  return candidates.find((c) => files.has(c));
}

export function checkBoundaries(root: string, config: BoundaryConfig, fileList?: string[]): Finding[] {
  const files = (
    fileList ??
    execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
    }).split("\n")
  ).filter((f) => SOURCE.test(f) && !SKIP.test(f) && existsSync(join(root, f)));
  const fileSet = new Set(files);
  const spaces = workspaces(root);
  const findings: Finding[] = [];
  const graph = new Map<string, { to: string; line: number }[]>();
  const report = (file: string, line: number, rule: string, message: string) =>
    findings.push({ file, line, rule, message });

  const imported = new Set(Object.values(config.packages).flatMap((p) => p.may));
  for (const [name, ws] of spaces) {
    if (!imported.has(name)) continue;
    const keys = Object.keys(ws.exports ?? {});
    if (!ws.exports || keys.some((k) => k.includes("*")))
      report(
        `${ws.dir}/package.json`,
        1,
        "explicit-exports",
        `${name} must list its entry points (no "./*")`,
      );
  }

  for (const file of files) {
    const top = file.includes("/") ? file.split("/")[0]! : ".";
    const rule = config.packages[top];
    const test = isTest(file);
    const edges: { to: string; line: number }[] = [];
    graph.set(file, edges);
    let imports: Import[];
    try {
      imports = importsOf(file, readFileSync(join(root, file), "utf8"));
    } catch (error) {
      report(file, 1, "parse", String(error));
      continue;
    }
    for (const { spec, line } of imports) {
      if (spec.startsWith(".")) {
        const target = normalize(join(dirname(file), spec));
        const targetTop = target.includes("/") ? target.split("/")[0]! : ".";
        if (targetTop !== top)
          report(
            file,
            line,
            "relative-across-packages",
            `"${spec}" leaves ${top}/; import the package by name`,
          );
        const resolved = resolveFile(target, fileSet);
        if (resolved) edges.push({ to: resolved, line });
        if (top === "api" && resolved?.startsWith("api/src/") && file.startsWith("api/src/"))
          checkApiLayer(config, file, resolved, spec, line, report);
        continue;
      }
      if (spec.startsWith("node:") || NODE.has(spec) || spec.startsWith("#") || spec.startsWith("virtual:"))
        continue;
      const pkg = packageName(spec);
      const ws = spaces.get(pkg);
      if (ws) {
        if (!rule) continue;
        const allowed =
          rule.may.includes(pkg) || (test && config.tests.may.includes(pkg)) || pkg === `@compass/${top}`;
        if (!allowed) report(file, line, "package-may", `${top}/ may not import ${pkg}`);
        const sub = `.${spec.slice(pkg.length)}`;
        const entry = ws.exports?.[sub];
        if (ws.exports && entry === undefined)
          report(
            file,
            line,
            "package-exports",
            `${pkg} does not export "${sub}"; use one of its entry points`,
          );
        const target = exportTarget(entry);
        if (target && /\.tsx?$/.test(target)) {
          const resolved = resolveFile(normalize(join(ws.dir, target)), fileSet);
          if (resolved) edges.push({ to: resolved, line });
        }
        continue;
      }
      if (!rule) continue;
      if (rule.forbid?.some((p) => glob(p, pkg)))
        report(file, line, "package-forbid", `${top}/ must not import ${pkg}`);
      // a package's own dependencies are what it ships; its tests ship nothing
      const externals = test ? undefined : rule.externals;
      if (externals && !externals.some((p) => glob(p, pkg)))
        report(
          file,
          line,
          "package-externals",
          `${top}/ imports only ${externals.join(", ") || "nothing outside"}; not ${pkg}`,
        );
    }
  }

  for (const group of cycles(graph)) {
    const path = loopThrough(group, graph);
    const more = group.length > path.length ? ` (${group.length} files import each other in all)` : "";
    report(path[0]!, 1, "import-cycle", `import cycle: ${[...path, path[0]].join(" → ")}${more}`);
  }
  return findings;
}

type ApiKind = "root" | "http" | "kernel" | "protocol" | "library" | "capability" | "unplaced";

/** Where a file of api/src sits, and the unit it belongs to (a protocol, library or capability folder). */
export function apiPlace(config: BoundaryConfig, file: string): { kind: ApiKind; unit?: string } {
  const rel = file.slice("api/src/".length);
  const under = (entry: string) => rel === entry || rel.startsWith(`${entry}/`);
  /** `v1/*` → the first folder under v1/ that `rel` is in */
  const unitOf = (entry: string): string | undefined => {
    if (!entry.endsWith("/*")) return under(entry) ? entry : undefined;
    const parent = entry.slice(0, -2);
    if (!rel.startsWith(`${parent}/`)) return undefined;
    const next = rel.slice(parent.length + 1).split("/");
    return next.length > 1 ? `${parent}/${next[0]}` : undefined;
  };
  if (config.api.roots.includes(rel)) return { kind: "root" };
  if (config.api.http.some(under)) return { kind: "http" };
  if (config.api.kernel.some(under)) return { kind: "kernel" };
  for (const folder of config.api.protocols) {
    const unit = unitOf(`${folder}/*`);
    if (unit) return { kind: "protocol", unit };
  }
  const library = config.api.libraries.find(under);
  if (library) return { kind: "library", unit: library };
  for (const entry of config.api.capabilities) {
    const unit = unitOf(entry);
    if (unit) return { kind: "capability", unit };
  }
  return { kind: "unplaced" };
}

/**
 * What each kind of file in api/src may import, bottom to top: kernel ← protocols ← libraries ← capabilities; the
 * HTTP layer sits on the kernel beside them; the composition roots (the entry, services, registry) import anything.
 * Protocols, libraries and capabilities are imported by others only through their `index.ts`.
 */
const MAY: Record<ApiKind, ApiKind[]> = {
  root: ["root", "http", "kernel", "protocol", "library", "capability"],
  http: ["http", "kernel"],
  kernel: ["kernel"],
  protocol: ["kernel"],
  library: ["kernel", "protocol"],
  capability: ["kernel", "protocol", "library"],
  unplaced: [],
};

function checkApiLayer(
  config: BoundaryConfig,
  file: string,
  target: string,
  spec: string,
  line: number,
  report: (file: string, line: number, rule: string, message: string) => void,
) {
  if (isTest(file)) return;
  const from = apiPlace(config, file);
  const to = apiPlace(config, target);
  if (from.kind === "unplaced") {
    report(
      file,
      line,
      "api-layout",
      `${file} is in no capability, protocol, library, kernel or HTTP folder of boundaries.json`,
    );
    return;
  }
  if (from.kind === "root" || (from.unit && from.unit === to.unit)) return;
  if (!MAY[from.kind].includes(to.kind)) {
    const rule =
      to.kind === "http"
        ? "api-http"
        : from.kind === "capability" && to.kind === "capability"
          ? "api-capability"
          : `api-${from.kind}`;
    const what = to.unit
      ? `${to.kind} ${to.unit}`
      : to.kind === "root"
        ? "a composition root"
        : `the ${to.kind}`;
    const why =
      rule === "api-capability"
        ? "capabilities never import each other (share through a protocol or library, or let the registry hand one to another)"
        : `a ${from.kind} imports only ${MAY[from.kind].join(", ")}`;
    report(file, line, rule, `"${spec}" reaches ${what}: ${why}`);
    return;
  }
  if (to.unit && target !== `api/src/${to.unit}/index.ts`)
    report(file, line, "api-entry", `use ${to.unit} through its index.ts, not "${spec}"`);
}

/** The shortest loop from a cycle group's first file back to itself, for a message people can follow. */
function loopThrough(group: string[], graph: Map<string, { to: string }[]>): string[] {
  const inGroup = new Set(group);
  const start = group[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const { to } of graph.get(v) ?? []) {
      if (!inGroup.has(to)) continue;
      if (to === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(previous.get(path[0]!)!);
        return path;
      }
      if (!previous.has(to)) {
        previous.set(to, v);
        queue.push(to);
      }
    }
  }
  return group;
}

/** Strongly connected components with more than one file (or a file importing itself). */
export function cycles(graph: Map<string, { to: string }[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    // iterative Tarjan: deep import chains must not overflow the call stack
    const work: { v: string; i: number }[] = [{ v, i: 0 }];
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    while (work.length) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.v) ?? [];
      if (top.i < edges.length) {
        const w = edges[top.i++]!.to;
        if (!graph.has(w)) continue;
        if (!idx.has(w)) {
          idx.set(w, index);
          low.set(w, index++);
          stack.push(w);
          on.add(w);
          work.push({ v: w, i: 0 });
        } else if (on.has(w)) low.set(top.v, Math.min(low.get(top.v)!, idx.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.v;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.v)!));
      }
      if (low.get(top.v) === idx.get(top.v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          on.delete(w);
          component.push(w);
        } while (w !== top.v);
        const selfLoop = (graph.get(top.v) ?? []).some((e) => e.to === top.v);
        if (component.length > 1 || selfLoop) out.push(component.reverse());
      }
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

export function loadConfig(root: string): BoundaryConfig {
  return JSON.parse(readFileSync(join(root, "boundaries.json"), "utf8")) as BoundaryConfig;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--root");
  const root = at > 0 ? process.argv[at + 1]! : join(dirname(fileURLToPath(import.meta.url)), "../..");
  const findings = checkBoundaries(root, loadConfig(root));
  if (process.argv.includes("--json")) console.log(JSON.stringify(findings, null, 2));
  else
    for (const f of findings)
      console.error(`${relative(process.cwd(), join(root, f.file))}:${f.line}  ${f.rule}  ${f.message}`);
  if (findings.length) {
    console.error(`\n${findings.length} boundary violation(s); the rules are in boundaries.json`);
    process.exit(1);
  }
  console.log("boundaries: ok");
}
