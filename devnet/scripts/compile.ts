/**
 * Regenerates devnet/artifacts/*.json from devnet/contracts with the pinned solc-js.
 * Run: npm run compile -w @compass/devnet   (test/artifacts.test.ts fails when they drift)
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS_DIR } from "../src/contracts/artifacts.ts";
import { compileContracts } from "../src/contracts/compile.ts";

const started = performance.now();
const artifacts = compileContracts();
mkdirSync(ARTIFACTS_DIR, { recursive: true });
// Drop artifacts of contracts that no longer exist so the directory mirrors the sources.
for (const file of readdirSync(ARTIFACTS_DIR)) {
  if (file.endsWith(".json") && !(file.slice(0, -5) in artifacts)) rmSync(join(ARTIFACTS_DIR, file));
}
for (const [name, artifact] of Object.entries(artifacts)) {
  writeFileSync(join(ARTIFACTS_DIR, `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`${name}: ${(artifact.deployedBytecode.length - 2) / 2} bytes runtime`);
}
console.log(
  `compiled with ${Object.values(artifacts)[0]?.compiler} in ${Math.round(performance.now() - started)} ms`,
);
