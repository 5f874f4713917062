/**
 * Compiles Aerodrome's Slipstream (concentrated liquidity: CLPool, CLFactory, SwapRouter,
 * NonfungiblePositionManager, QuoterV2) from the sources an npm package ships (`sphere-mezo-solidity-files`,
 * Slipstream commit b98fc81) with its authors' settings — solc 0.7.6, optimizer 200 runs — into
 * devnet/slipstream/artifacts/*.json. Run: npm run compile-slipstream -w @compass/devnet
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compileSlipstream, SLIPSTREAM_ARTIFACTS_DIR } from "../src/earn/slipstream-compile.ts";

const started = performance.now();
const artifacts = compileSlipstream();
mkdirSync(SLIPSTREAM_ARTIFACTS_DIR, { recursive: true });
for (const [name, artifact] of Object.entries(artifacts)) {
  writeFileSync(join(SLIPSTREAM_ARTIFACTS_DIR, `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`${name}: ${(artifact.deployedBytecode.length - 2) / 2} bytes runtime`);
}
console.log(`compiled in ${Math.round(performance.now() - started)} ms`);
