/**
 * The shapes a fault scenario is written against, in a leaf module: scenarios.ts lists the scenarios and
 * each capability's file (onramp.ts, tokenized-assets.ts, …) implements them; both take the types from
 * here, so no member imports the list that imports it.
 */
import type { DevnetHandle } from "@compass/devnet";
import type { TestAddressBook } from "../live/env.ts";

export interface FaultContext {
  url: string;
  devnet: DevnetHandle;
  book: TestAddressBook;
  /** restarts the API server process (fresh memory, same configuration) */
  restartServer(): Promise<void>;
  /** the on-ramp settlement worker: SIGKILL it (a crash), start it again from its saved state */
  killSettlement(): Promise<void>;
  restartSettlement(): void;
  get(path: string): Promise<{ status: number; body: any }>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
}

export interface FaultScenario {
  name: string;
  /** runs the flow, injects the fault, checks the answer, recovers, checks nothing was lost; throws on failure */
  run(ctx: FaultContext): Promise<{ during: string; after: string }>;
}
