import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildHash, collectSources, compileUnits, type SourceArtifact } from "./solc-build.ts";

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

export type MorphoArtifact = SourceArtifact;

const require = createRequire(import.meta.url);

function readSource(path: string): string {
  if (!path.startsWith("@")) return readFileSync(join(MORPHO_DIR, path), "utf8");
  const [scope, name, ...rest] = path.split("/");
  return readFileSync(join(dirname(require.resolve(`${scope}/${name}/package.json`)), ...rest), "utf8");
}

/** The package's sources use relative imports; resolve them into package paths so solc sees one tree. */
const collect = () =>
  collectSources(Object.keys(MORPHO_UNITS), readSource, (from, target) =>
    target.startsWith(".") ? join(dirname(from), target).split("\\").join("/") : target,
  );

export function morphoSourceHash(): string {
  return buildHash("solc 0.8.19", MORPHO_SOLC_SETTINGS, collect());
}

export function compileMorpho(): Record<string, MorphoArtifact> {
  return compileUnits("solc-0.8.19", collect(), MORPHO_SOLC_SETTINGS, MORPHO_UNITS, morphoSourceHash());
}

export function loadMorphoArtifact(name: "Morpho" | "IrmMock" | "MorphoFeedOracle"): MorphoArtifact {
  return JSON.parse(readFileSync(join(MORPHO_ARTIFACTS_DIR, `${name}.json`), "utf8")) as MorphoArtifact;
}
