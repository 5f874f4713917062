import type { Logger } from "pino";
import type { Config } from "./config/env.ts";
import type { HeaderReader } from "./http/call.ts";
import type { Services } from "./services.ts";

/** What a handler may use besides its validated input. */
export interface Context {
  config: Config;
  services: Services;
  log: Logger;
  requestId: string;
  signal: AbortSignal;
  headers: HeaderReader;
  idempotencyKey?: string;
}
