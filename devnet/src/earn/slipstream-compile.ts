import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { buildHash, collectSources, compileUnits, type SourceArtifact } from "./solc-build.ts";

export const SLIPSTREAM_ARTIFACTS_DIR = fileURLToPath(
  new URL("../../slipstream/artifacts/", import.meta.url),
);
/** Aerodrome's Slipstream sources (commit b98fc81 of aerodrome-finance/slipstream) as an npm package ships them. */
const PACKAGE = "sphere-mezo-solidity-files";
const ROOT = "domains/aerodrome-slipstream/";

/** Slipstream's own build settings (its foundry.toml): solc 0.7.6, optimizer on, 200 runs. */
export const SLIPSTREAM_SOLC_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
} as const;

export const SLIPSTREAM_UNITS: Record<string, string> = {
  "contracts/core/CLPool.sol": "CLPool",
  "contracts/core/CLFactory.sol": "CLFactory",
  "contracts/periphery/SwapRouter.sol": "SwapRouter",
  "contracts/periphery/NonfungiblePositionManager.sol": "NonfungiblePositionManager",
  "contracts/periphery/lens/QuoterV2.sol": "QuoterV2",
};
export type SlipstreamContract =
  | "CLPool"
  | "CLFactory"
  | "SwapRouter"
  | "NonfungiblePositionManager"
  | "QuoterV2";
export type SlipstreamArtifact = SourceArtifact;

const require = createRequire(import.meta.url);

/** Slipstream imports relatively, within the package's tree. */
function sources(): Record<string, string> {
  const root = join(dirname(require.resolve(`${PACKAGE}/package.json`)), ROOT);
  return collectSources(
    Object.keys(SLIPSTREAM_UNITS),
    (path) => readFileSync(join(root, path), "utf8"),
    (from, target) => posix.normalize(posix.join(posix.dirname(from), target)),
  );
}

export function slipstreamSourceHash(): string {
  return buildHash("solc 0.7.6", SLIPSTREAM_SOLC_SETTINGS, sources());
}

export function compileSlipstream(): Record<string, SlipstreamArtifact> {
  return compileUnits(
    "solc-0.7.6",
    sources(),
    SLIPSTREAM_SOLC_SETTINGS,
    SLIPSTREAM_UNITS,
    slipstreamSourceHash(),
  );
}

export function loadSlipstreamArtifact(name: SlipstreamContract): SlipstreamArtifact {
  return JSON.parse(
    readFileSync(join(SLIPSTREAM_ARTIFACTS_DIR, `${name}.json`), "utf8"),
  ) as SlipstreamArtifact;
}
