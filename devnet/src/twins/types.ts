/**
 * A twin is a stand-in for an outside system (Stripe's on-ramp, Hyperliquid, a fund issuer…; kit/README.md lists
 * them) that runs as its own Node process next to the chains. The launcher gives it a port and a state file,
 * waits for GET /health, and lists it in the address book under `twins[name]`.
 */
export interface TwinSpec {
  /** address-book key and directory name under <dir>/twins/, e.g. "onramp" */
  name: string;
  /** port = portBase + portOffset; fixed per twin (onramp 10 … ixs 22, registry.ts) so ports never shift */
  portOffset: number;
  /** absolute path of the twin's main module; run as `node --import tsx <entry>` */
  entry: string;
  /** fixed devnet API key the twin accepts; published in the address book and passed to the twin */
  apiKey?: string;
  /** extra address-book fields, e.g. on-chain addresses the twin operates */
  addressBook?: Record<string, unknown>;
  /**
   * Settings chosen per start, listed in the address book next to `addressBook` (where the twin and
   * the API both read them): computed from the launcher's environment (e.g. the venue's network
   * from COMPASS_DEVNET_VENUE_NETWORK) and overridden by `startDevnet({twinSettings})`; throws on
   * a value the twin does not accept.
   */
  settings?(
    env: Record<string, string | undefined>,
    given?: Record<string, unknown>,
  ): Record<string, unknown>;
  /** extra environment for the twin process */
  env?: Record<string, string>;
  /** how long the first GET /health may take (default 15 s) */
  readyTimeoutMs?: number;
  /**
   * Start as soon as the chains are bootstrapped, beside their market history, rather than after it: for a process
   * that keeps nothing of devnet time and is slow to load (the bundler's three Alto processes take seconds of CPU
   * each, which the history's pauses absorb)
   */
  startsEarly?: boolean;
}

/**
 * What a twin process receives, as environment variables (kit/config.ts reads them):
 * COMPASS_TWIN_NAME, COMPASS_TWIN_PORT, COMPASS_DEVNET_DIR, COMPASS_ADDRESSBOOK, COMPASS_TWIN_DIR,
 * COMPASS_TWIN_STATE and, when the spec has one, COMPASS_TWIN_API_KEY.
 */
export interface TwinConfig {
  name: string;
  host: "127.0.0.1";
  port: number;
  devnetDir: string;
  addressBookPath: string;
  /** <dir>/twins/<name>/ — the twin may keep anything it likes here */
  twinDir: string;
  /** <dir>/twins/<name>/state.json — see loadState/saveState in kit/state.ts */
  stateFile: string;
  apiKey?: string;
}

export const TWIN_ENV = {
  name: "COMPASS_TWIN_NAME",
  port: "COMPASS_TWIN_PORT",
  devnetDir: "COMPASS_DEVNET_DIR",
  addressBookPath: "COMPASS_ADDRESSBOOK",
  twinDir: "COMPASS_TWIN_DIR",
  stateFile: "COMPASS_TWIN_STATE",
  apiKey: "COMPASS_TWIN_API_KEY",
} as const satisfies Record<keyof Omit<TwinConfig, "host">, string>;
