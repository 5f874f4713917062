import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildHash,
  collectSources,
  compileUnits,
  packageDir,
  type SourceArtifact,
} from "../earn/solc-build.ts";

/**
 * 1inch Limit Order Protocol v4 from its authors' published sources: `@1inch/limit-order-protocol-contract@4.0.3`
 * (the v4 release, tag 4.0.3 of github.com/1inch/limit-order-protocol; MIT) ships sources only. They are compiled
 * from node_modules with the dependency versions that package pins — `@1inch/solidity-utils@4.2.1` and
 * `@openzeppelin/contracts@5.0.1`, both found from the package's own folder (its OpenZeppelin is nested under it,
 * the workspace's is 5.x later). Only the artifact is committed, with the hash of every source it was built from.
 */
export const LOP_DIR = fileURLToPath(new URL("../../limit-order-protocol/", import.meta.url));
export const LOP_ARTIFACTS_DIR = join(LOP_DIR, "artifacts");
const PACKAGE = "@1inch/limit-order-protocol-contract";

/** The authors' build settings (their hardhat.config.js for v4): solc 0.8.23, via-IR, 1,000,000 runs, shanghai. */
export const LOP_SOLC_SETTINGS = {
  viaIR: true,
  optimizer: { enabled: true, runs: 1_000_000 },
  evmVersion: "shanghai",
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
} as const;

export const LOP_UNITS: Record<string, string> = {
  [`${PACKAGE}/contracts/LimitOrderProtocol.sol`]: "LimitOrderProtocol",
};

/** A source by import path (`@scope/name/rest`), read from the package Node finds from the protocol's package. */
function readSource(path: string): string {
  const [scope, name, ...rest] = path.split("/");
  const from = packageDir(PACKAGE, fileURLToPath(new URL(".", import.meta.url)));
  const dir = `${scope}/${name}` === PACKAGE ? from : packageDir(`${scope}/${name}`, from);
  return readFileSync(join(dir, ...rest), "utf8");
}

/** Every source the protocol imports, transitively, keyed by import path (relative imports resolved). */
export const lopSources = () =>
  collectSources(Object.keys(LOP_UNITS), readSource, (from, target) =>
    target.startsWith(".") ? posix.normalize(posix.join(posix.dirname(from), target)) : target,
  );

/** The hash of compiler, settings and every source (path and content) the artifact is built from. */
export function lopSourceHash(): string {
  return buildHash("solc 0.8.23", LOP_SOLC_SETTINGS, lopSources());
}

export function compileLimitOrderProtocol(): Record<string, SourceArtifact> {
  return compileUnits("solc-0.8.23", lopSources(), LOP_SOLC_SETTINGS, LOP_UNITS, lopSourceHash());
}

export function loadLimitOrderProtocolArtifact(): SourceArtifact {
  return JSON.parse(
    readFileSync(join(LOP_ARTIFACTS_DIR, "LimitOrderProtocol.json"), "utf8"),
  ) as SourceArtifact;
}
