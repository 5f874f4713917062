import { readFileSync } from "node:fs";
import type { Stack } from "@compass/testkit/stack";

export function addressBookFor(stack: Stack): any {
  return JSON.parse(readFileSync(stack.devnet.addressBookPath, "utf8"));
}

/** The p-th percentile of ascending `sorted` samples (nearest rank). */
export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Latencies (ms, ascending) of `samples` sequential calls of `call`, after `warmup` unmeasured ones. */
export async function timeSequential(
  call: () => Promise<void>,
  samples: number,
  warmup = 5,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}
