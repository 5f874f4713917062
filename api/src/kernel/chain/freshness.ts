import { AsyncLocalStorage } from "node:async_hooks";

/**
 * How fresh a request's event history is: every history read notes, per chain, the block its logs are complete up
 * to (the index's block, or the head it read to); the answer says the lowest of them. Per request, through async
 * context, so no domain function has to carry it.
 */
const current = new AsyncLocalStorage<Map<number, bigint>>();

/** Runs `fn`, noting per chain id the block up to which every event history it read is complete. */
export async function noteHistory<T>(
  fn: () => Promise<T> | T,
): Promise<{ result: T; complete: Map<number, bigint> }> {
  const complete = new Map<number, bigint>();
  const result = await current.run(complete, fn);
  return { result, complete };
}

/** A history read on `chainId` is complete up to `block` (the request keeps the lowest per chain). */
export function historyCompleteTo(chainId: number, block: bigint): void {
  const complete = current.getStore();
  if (!complete) return;
  const before = complete.get(chainId);
  if (before === undefined || block < before) complete.set(chainId, block);
}
