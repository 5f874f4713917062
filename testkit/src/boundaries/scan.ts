/**
 * The repository's import graph and what it says about package boundaries: relative imports that leave
 * their top-level folder (a workspace package, or the root's scripts/), imports of a workspace package
 * through a subpath its `exports` do not name explicitly, and import cycles (type-only imports included).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { importsOf } from "./imports.ts";

export interface Edge {
  from: string;
  specifier: string;
  /** repository-relative path of the file it resolves to (null: outside the repository or unresolved) */
  to: string | null;
  typeOnly: boolean;
  line: number;
}

export interface Workspace {
  name: string;
  dir: string;
  /** `exports` keys, e.g. ".", "./manifest", "./*" */
  exports: Record<string, unknown>;
}

export interface ImportGraph {
  root: string;
  files: string[];
  workspaces: Workspace[];
  edges: Edge[];
}

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx", "/index.mjs"];

/** The top-level folder a repository path belongs to ("." for files at the root). */
export function topLevel(path: string): string {
  const i = path.indexOf("/");
  return i === -1 ? "." : path.slice(0, i);
}

function resolveFile(root: string, absolute: string): string | null {
  for (const ext of EXTENSIONS) {
    const candidate = absolute + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  }
  return null;
}

/** A built entry (`./dist/x.js`, as scripts/build-package.mjs writes it) maps back to its source `src/x.ts(x)`. */
function exportTarget(target: unknown): string | null {
  const path =
    typeof target === "string"
      ? target
      : target && typeof target === "object"
        ? ((target as Record<string, unknown>).import ?? (target as Record<string, unknown>).default)
        : null;
  if (typeof path !== "string") return null;
  const built = /^\.\/dist\/(.+)\.js$/.exec(path);
  return built ? `./src/${built[1]}` : path;
}

function resolvePackage(root: string, ws: Workspace, subpath: string): string | null {
  const key = `.${subpath}`;
  let target = exportTarget(ws.exports[key]);
  if (!target)
    for (const [pattern, value] of Object.entries(ws.exports)) {
      if (!pattern.endsWith("*") || !key.startsWith(pattern.slice(0, -1))) continue;
      const mapped = exportTarget(value);
      if (mapped) target = mapped.replace("*", key.slice(pattern.length - 1));
    }
  return target ? resolveFile(root, resolve(root, ws.dir, target)) : null;
}

/** The workspace packages named in the root package.json. */
export function workspaces(root: string): Workspace[] {
  const rootPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return (rootPkg.workspaces as string[])
    .filter((dir) => existsSync(join(root, dir, "package.json")))
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
      return { name: pkg.name, dir, exports: pkg.exports ?? {} };
    });
}

/** Every .ts/.tsx/.mjs file git tracks or would track, and the imports it makes, resolved within the repository. */
export function importGraph(root: string): ImportGraph {
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "*.ts", "*.tsx", "*.mjs"],
    {
      cwd: root,
      encoding: "utf8",
    },
  )
    .split("\0")
    .filter((f) => f && existsSync(join(root, f)));
  const wss = workspaces(root);
  const byName = new Map(wss.map((w) => [w.name, w]));
  const edges: Edge[] = [];
  for (const from of files) {
    for (const ref of importsOf(readFileSync(join(root, from), "utf8"))) {
      let to: string | null = null;
      if (ref.specifier.startsWith(".")) to = resolveFile(root, resolve(root, dirname(from), ref.specifier));
      else {
        const m = /^(@[^/]+\/[^/]+|[^@/][^/]*)(\/.*)?$/.exec(ref.specifier);
        const ws = m && byName.get(m[1]!);
        if (ws) to = resolvePackage(root, ws, m[2] ?? "");
      }
      edges.push({ from, specifier: ref.specifier, to, typeOnly: ref.typeOnly, line: ref.line });
    }
  }
  return { root, files, workspaces: wss, edges };
}

/** Relative imports whose target lies in another top-level folder. */
export function crossPackageRelativeImports(graph: ImportGraph): Edge[] {
  return graph.edges.filter(
    (e) =>
      e.specifier.startsWith(".") &&
      topLevel(e.to ?? relative(graph.root, resolve(graph.root, dirname(e.from), e.specifier))) !==
        topLevel(e.from),
  );
}

/**
 * Imports of a workspace package through a subpath its `exports` name only by a wildcard (`./*`) or not
 * at all — reaching into the package rather than through an entry point it declares.
 */
export function undeclaredSubpathImports(graph: ImportGraph): Edge[] {
  return graph.edges.filter((e) => {
    const m = /^(@[^/]+\/[^/]+)(\/.*)$/.exec(e.specifier);
    const ws = m && graph.workspaces.find((w) => w.name === m[1]);
    return ws ? !(`.${m[2]}` in ws.exports) && topLevel(e.from) !== ws.dir : false;
  });
}

/** Strongly connected components of more than one file (or a file importing itself): the import cycles. */
export function importCycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const f of graph.files) next.set(f, []);
  for (const e of graph.edges) if (e.to && next.has(e.to)) next.get(e.from)!.push(e.to);
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // iterative Tarjan: the graph is deep enough to make recursion a risk
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { v: string; i: number }[] = [{ v: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work.at(-1)!;
      const targets = next.get(frame.v)!;
      if (frame.i < targets.length) {
        const w = targets[frame.i++]!;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter++);
          stack.push(w);
          onStack.add(w);
          work.push({ v: w, i: 0 });
        } else if (onStack.has(w)) low.set(frame.v, Math.min(low.get(frame.v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work.at(-1)!.v;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.v)!));
      }
      if (low.get(frame.v) === index.get(frame.v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.v);
        if (component.length > 1 || targets.includes(frame.v)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
