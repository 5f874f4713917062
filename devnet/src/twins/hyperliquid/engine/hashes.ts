import { createHash } from "node:crypto";

/**
 * Transaction-hash-shaped ids for things the venue does on its own (liquidations, maker fills of
 * resting orders): 32 bytes like an L1 transaction hash, derived from what happened so they are
 * stable across a restart and never collide with each other.
 */
export function systemHash(...parts: (string | number)[]): `0x${string}` {
  return `0x${createHash("sha256").update(parts.join("|")).digest("hex")}`;
}
