/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package, so a profile written under
 * bench/results/ can be read as a table.   npx tsx bench/src/profile-summary.ts <file.cpuprofile> [top]
 */
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface ProfileSummary {
  totalMs: number;
  functions: { name: string; ms: number; share: number }[];
  packages: { name: string; ms: number; share: number }[];
}

/** Where a script lives: a package under node_modules, node's own internals, or the project. */
function packageOf(url: string): string {
  if (!url) return "(native / gc / idle)";
  if (url.startsWith("node:")) return "node internals";
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1]!;
  return "project";
}

export function summarizeProfile(file: string, top = 20): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (const [i, id] of profile.samples.entries())
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") continue;
    total += us;
    const name = `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    const p = functionName === "(garbage collector)" ? "(garbage collector)" : packageOf(url);
    pkg.set(p, (pkg.get(p) ?? 0) + us);
  }
  const rank = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: Math.round(us / 100) / 10, share: us / total }));
  return { totalMs: Math.round(total / 1000), functions: rank(fn), packages: rank(pkg) };
}

if (process.argv[1]?.endsWith("profile-summary.ts")) {
  const s = summarizeProfile(process.argv[2]!, Number(process.argv[3] ?? 25));
  console.log(`busy ${s.totalMs} ms (idle excluded)\n\nby package:`);
  for (const p of s.packages) console.log(`  ${(p.share * 100).toFixed(1).padStart(5)}%  ${p.name}`);
  console.log("\nby function (self time):");
  for (const f of s.functions) console.log(`  ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
}
