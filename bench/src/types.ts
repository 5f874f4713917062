import type { Stack } from "@compass/testkit/stack";

export interface BenchContext {
  stack: Stack;
  /** staging server URL (shipped server: node:http → registry app for /v1 /v2, Next for the rest) */
  url: string;
  root: string;
  log: (line: string) => void;
}

export interface BenchRow {
  section: string;
  metric: string;
  value: number | string;
  unit?: string;
  note?: string;
}

export interface BenchSection {
  name: string;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}
