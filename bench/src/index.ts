/** @compass/bench — the `npm run bench` sections (scripts/bench.ts runs them on a stack of its own). */
export { SECTIONS } from "./sections/index.ts";
export type { BenchContext, BenchRow, BenchSection } from "./types.ts";
