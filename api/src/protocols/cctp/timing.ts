import type { CctpChain } from "@compass/constants";
import type { TransferMode } from "./bridge-id.ts";

/**
 * How long a transfer takes until it can be minted, seconds (Circle's figures): fast waits for the source's
 * confirmations (Ethereum ~2 blocks, an L2 one), standard for Ethereum finality (~13–19 min on every source).
 */
export function estimatedSeconds(source: CctpChain, mode: TransferMode): number {
  if (mode === "standard") return 17 * 60;
  return source === "ethereum" ? 20 : 8;
}
