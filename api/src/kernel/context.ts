import type { Logger } from "pino";
import type { ChainClients } from "./chain/clients.ts";
import type { Config } from "./config/env.ts";
import type { SharedStore } from "./store/store.ts";

/** Request headers, read by lower-case name (a Fetch `Headers` is one; a node request is adapted). */
export interface HeaderReader {
  get(name: string): string | null;
}

/** What every operation may use: the chains and the store every instance of the app shares. */
export interface KernelServices {
  /** viem public clients per chain, Multicall3-batched, and the log reader */
  chains: ChainClients;
  /** rate-limit counters and idempotency records: memory, or Redis shared by every instance */
  shared: SharedStore;
}

/**
 * What a handler may use besides its validated input. `Ports` are the outside systems its capability talks to,
 * declared by the capability (`domain/ports.ts`) and composed by the API's entry (`services.ts`).
 */
export interface Context<Ports extends object = object> {
  config: Config;
  services: KernelServices & Ports;
  log: Logger;
  requestId: string;
  signal: AbortSignal;
  headers: HeaderReader;
  idempotencyKey?: string;
}
