/** Where things are in this checkout. */
import { join } from "node:path";

/** The repository's root directory. */
export const ROOT = join(import.meta.dirname, "../..");
/** `compass-devnet`, the devnet's command line, as the workspace install links it (`npx compass-devnet`). */
export const DEVNET_BIN = join(ROOT, "node_modules/.bin/compass-devnet");
/** Where the integration tests' simulation checks are written (testkit/src/live/simulation-check.ts). */
export const SIMULATION_LEDGER = join(ROOT, ".test-results", "simulations.jsonl");
