import { readFileSync } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { buildHash, collectSources, compileUnits, type SourceArtifact } from "../earn/solc-build.ts";

/**
 * 1inch Limit Order Protocol v4 from its authors' published sources: `@1inch/limit-order-protocol-contract@4.0.3`
 * (the v4 release, tag 4.0.3 of github.com/1inch/limit-order-protocol) with the dependency versions it pins,
 * `@1inch/solidity-utils@4.2.1` and `@openzeppelin/contracts@5.0.1`. The package ships sources only and its
 * dependency pulls a whole hardhat toolchain, so the files `LimitOrderProtocol.sol` imports (transitively) are
 * kept unchanged, by import path, under devnet/limit-order-protocol/sources/ (MIT, license headers kept).
 */
export const LOP_DIR = fileURLToPath(new URL("../../limit-order-protocol/", import.meta.url));
export const LOP_ARTIFACTS_DIR = join(LOP_DIR, "artifacts");
const SOURCES_DIR = join(LOP_DIR, "sources");

/** The authors' build settings (their hardhat.config.js for v4): solc 0.8.23, via-IR, 1,000,000 runs, shanghai. */
export const LOP_SOLC_SETTINGS = {
  viaIR: true,
  optimizer: { enabled: true, runs: 1_000_000 },
  evmVersion: "shanghai",
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
} as const;

export const LOP_UNITS: Record<string, string> = {
  "@1inch/limit-order-protocol-contract/contracts/LimitOrderProtocol.sol": "LimitOrderProtocol",
};

const sources = () =>
  collectSources(
    Object.keys(LOP_UNITS),
    (path) => readFileSync(join(SOURCES_DIR, path), "utf8"),
    (from, target) =>
      target.startsWith(".") ? posix.normalize(posix.join(posix.dirname(from), target)) : target,
  );

export function lopSourceHash(): string {
  return buildHash("solc 0.8.23", LOP_SOLC_SETTINGS, sources());
}

export function compileLimitOrderProtocol(): Record<string, SourceArtifact> {
  return compileUnits("solc-0.8.23", sources(), LOP_SOLC_SETTINGS, LOP_UNITS, lopSourceHash());
}

export function loadLimitOrderProtocolArtifact(): SourceArtifact {
  return JSON.parse(
    readFileSync(join(LOP_ARTIFACTS_DIR, "LimitOrderProtocol.json"), "utf8"),
  ) as SourceArtifact;
}
