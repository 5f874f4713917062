import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";

export const MORPHO_DIR = fileURLToPath(new URL("../../morpho/", import.meta.url));
export const MORPHO_ARTIFACTS_DIR = join(MORPHO_DIR, "artifacts");

/** Morpho Blue's own build settings (its foundry.toml): what its authors deploy. */
export const MORPHO_SOLC_SETTINGS = {
  viaIR: true,
  optimizer: { enabled: true, runs: 999999 },
  evmVersion: "paris",
  metadata: { bytecodeHash: "none" },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
} as const;

/** Compiled units: source path → contract name (package sources by import path, the devnet's by file name). */
export const MORPHO_UNITS: Record<string, string> = {
  "@morpho-org/morpho-blue/src/Morpho.sol": "Morpho",
  "@morpho-org/morpho-blue/src/mocks/IrmMock.sol": "IrmMock",
  "MorphoFeedOracle.sol": "MorphoFeedOracle",
};

export interface MorphoArtifact {
  contractName: string;
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
  sourceHash: string;
  compiler: string;
}

const require = createRequire(import.meta.url);

function readSource(path: string): string {
  if (!path.startsWith("@")) return readFileSync(join(MORPHO_DIR, path), "utf8");
  const [scope, name, ...rest] = path.split("/");
  return readFileSync(join(dirname(require.resolve(`${scope}/${name}/package.json`)), ...rest), "utf8");
}

/** The package's sources use relative imports; resolve them into package paths so solc sees one tree. */
function collectSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  const pending = Object.keys(MORPHO_UNITS);
  while (pending.length > 0) {
    const path = pending.pop()!;
    if (path in sources) continue;
    const text = readSource(path);
    sources[path] = text;
    for (const match of text.matchAll(/import\s+(?:\{[^}]*\}\s+from\s+)?"([^"]+)"/g)) {
      const target = match[1]!;
      pending.push(target.startsWith(".") ? join(dirname(path), target).split("\\").join("/") : target);
    }
  }
  return sources;
}

export function morphoSourceHash(): string {
  const sources = collectSources();
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ compiler: "solc 0.8.19", settings: MORPHO_SOLC_SETTINGS }));
  for (const key of Object.keys(sources).sort()) hash.update(`\n${key}\n${sources[key]}`);
  return `0x${hash.digest("hex")}`;
}

export function compileMorpho(): Record<string, MorphoArtifact> {
  const solc = require("solc-0.8.19") as { compile(input: string): string; version(): string };
  const sources = collectSources();
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(Object.entries(sources).map(([k, content]) => [k, { content }])),
    settings: MORPHO_SOLC_SETTINGS,
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
  const sourceHash = morphoSourceHash();
  return Object.fromEntries(
    Object.entries(MORPHO_UNITS).map(([unit, contractName]) => {
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

export function loadMorphoArtifact(name: "Morpho" | "IrmMock" | "MorphoFeedOracle"): MorphoArtifact {
  return JSON.parse(readFileSync(join(MORPHO_ARTIFACTS_DIR, `${name}.json`), "utf8")) as MorphoArtifact;
}
