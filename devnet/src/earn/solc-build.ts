import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Abi, Hex } from "viem";

/** A contract built from a package's published sources by the devnet (Morpho Blue, Aerodrome Slipstream). */
export interface SourceArtifact {
  contractName: string;
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
  sourceHash: string;
  compiler: string;
}

/** Every source the units import, transitively, by the path `resolve` gives each import from its importer. */
export function collectSources(
  units: string[],
  read: (path: string) => string,
  resolve: (from: string, target: string) => string,
): Record<string, string> {
  const sources: Record<string, string> = {};
  const pending = [...units];
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (path in sources) continue;
    const text = read(path);
    sources[path] = text;
    for (const match of text.matchAll(/import\s+(?:\{[^}]*\}\s+from\s+)?["']([^"']+)["']/g))
      pending.push(resolve(path, match[1]!));
  }
  return sources;
}

/**
 * The directory of the package `name` as Node finds it from `fromDir` — up the chain of node_modules folders, so a
 * package's own pinned dependency (nested under it) wins over the hoisted one — whatever its `exports` allow.
 */
export function packageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules", name);
    if (existsSync(join(candidate, "package.json"))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed below ${fromDir} (run npm ci)`);
  }
}

/** The hash of what a build depends on: compiler, settings and every source. */
export function buildHash(compiler: string, settings: unknown, sources: Record<string, string>): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ compiler, settings }));
  for (const key of Object.keys(sources).sort()) hash.update(`\n${key}\n${sources[key]}`);
  return `0x${hash.digest("hex")}`;
}

const require = createRequire(import.meta.url);

/** Compiles `sources` with the solc-js package `solcModule` and returns the named units' artifacts. */
export function compileUnits(
  solcModule: string,
  sources: Record<string, string>,
  settings: unknown,
  units: Record<string, string>,
  sourceHash: string,
): Record<string, SourceArtifact> {
  const solc = require(solcModule) as { compile(input: string): string; version(): string };
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([k, content]) => [k, { content }])),
    settings,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<
      string,
      Record<
        string,
        { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
      >
    >;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join("\n")}`);
  return Object.fromEntries(
    Object.entries(units).map(([unit, contractName]) => {
      const out = output.contracts[unit]![contractName]!;
      return [
        contractName,
        {
          contractName,
          abi: out.abi,
          bytecode: `0x${out.evm.bytecode.object}` as Hex,
          deployedBytecode: `0x${out.evm.deployedBytecode.object}` as Hex,
          sourceHash,
          compiler: `solc-js ${solc.version()}`,
        },
      ];
    }),
  );
}
