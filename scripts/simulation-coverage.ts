/**
 * Which write operations had their `simulation` held to the chain in this run: every operation that answers
 * something to sign must appear in `.test-results/simulations.jsonl` (written by testkit's simulation check as the
 * integration tests send the answers' transactions) with a check that passed, or be listed below with the reason
 * the check cannot hold it. Run by `npm test` after the integration step.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { manifest } from "@compass/sdk/manifest";

/** operations whose simulation the chain check cannot hold, and why (each has its own test of the simulation) */
export const NOT_HELD: Record<string, string> = {
  v1_smart_account_batched_user_operations:
    "the calls run inside a user operation whose gas the account pays the bundler: its native balance moves by a prefund the simulation does not model (the other balances are checked in v1-smart-account.int.test.ts)",
};

const SIMULATION_LEDGER = join(import.meta.dirname, "..", ".test-results", "simulations.jsonl");
const lines = existsSync(SIMULATION_LEDGER)
  ? readFileSync(SIMULATION_LEDGER, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { operation: string; path: string; checked: boolean; ok?: boolean })
  : [];
// a check is recorded under the path the test posted to: matched by the operation's path pattern
const signable = manifest.filter((op) => op.simulated);
const matches = (op: (typeof signable)[number], path: string) =>
  new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path);
const held: string[] = [];
const missing: string[] = [];
for (const op of signable) {
  const checks = lines.filter((l) => l.checked && matches(op, l.path));
  if (checks.some((c) => c.ok)) held.push(op.operationId);
  else if (!NOT_HELD[op.operationId]) missing.push(op.operationId);
}
const failed = lines.filter((l) => l.checked && !l.ok).map((l) => l.operation);
const stale = lines.filter((l) => !l.checked).length;
console.log(
  `simulations held to the chain: ${held.length} of ${signable.length} operations that answer something to sign (${lines.filter((l) => l.checked).length} checks, ${stale} stale), ${Object.keys(NOT_HELD).length} not held by design`,
);
if (failed.length) console.log(`  wrong: ${[...new Set(failed)].join(", ")}`);
if (missing.length) console.log(`  never held: ${missing.join(", ")}`);
process.exit(failed.length || missing.length ? 1 : 0);
