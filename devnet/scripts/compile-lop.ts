/**
 * Compiles the 1inch Limit Order Protocol v4 from `@1inch/limit-order-protocol-contract@4.0.3`'s sources in
 * node_modules (with the `@1inch/solidity-utils` and `@openzeppelin/contracts` versions it pins) with its authors'
 * compiler and settings — solc 0.8.23, via-IR, 1,000,000 runs, EVM shanghai — into the committed
 * devnet/limit-order-protocol/artifacts/, stamped with the hash of those sources. Slow (via-IR): run only when they
 * change. Run: npm run compile-lop -w @compass/devnet   (test/fusion-relay.test.ts checks the source hash)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compileLimitOrderProtocol, LOP_ARTIFACTS_DIR } from "../src/equity/lop-compile.ts";

const started = performance.now();
const artifacts = compileLimitOrderProtocol();
mkdirSync(LOP_ARTIFACTS_DIR, { recursive: true });
for (const [name, artifact] of Object.entries(artifacts)) {
  writeFileSync(join(LOP_ARTIFACTS_DIR, `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`${name}: ${(artifact.deployedBytecode.length - 2) / 2} bytes runtime`);
}
console.log(`compiled in ${Math.round(performance.now() - started)} ms`);
