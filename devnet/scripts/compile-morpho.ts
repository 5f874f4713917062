/**
 * Compiles Morpho Blue from the `@morpho-org/morpho-blue` package's sources (it ships no build) with the
 * compiler and settings its authors build with — solc 0.8.19, via-IR, 999999 optimizer runs, EVM paris, no
 * metadata hash — into devnet/morpho/artifacts/*.json, with the package's IrmMock and the devnet's
 * MorphoFeedOracle (devnet/morpho/). Slow (via-IR): run only when they change.
 * Run: npm run compile-morpho -w @compass/devnet   (test/earn-abis.test.ts checks the source hash)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compileMorpho, MORPHO_ARTIFACTS_DIR } from "../src/earn/morpho-compile.ts";

const started = performance.now();
const artifacts = compileMorpho();
mkdirSync(MORPHO_ARTIFACTS_DIR, { recursive: true });
for (const [name, artifact] of Object.entries(artifacts)) {
  writeFileSync(join(MORPHO_ARTIFACTS_DIR, `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`${name}: ${(artifact.deployedBytecode.length - 2) / 2} bytes runtime`);
}
console.log(`compiled in ${Math.round(performance.now() - started)} ms`);
