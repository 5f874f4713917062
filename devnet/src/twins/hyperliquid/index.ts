import { serveVenue } from "./server.ts";
import { Venue, type VenueOptions } from "./venue.ts";

/**
 * The venue twin: a self-contained subset of Hyperliquid's HTTP API (the `xyz` HIP-3 dex of
 * traditional-asset perps) with signature verification, nonces, a matching engine with a built-in
 * market maker, cross margin, funding, liquidations, builder fees, candles, withdrawals as a
 * payout queue, and a JSON state file. Point a Hyperliquid client's API URL at `url`.
 */
export interface StartVenueOptions extends VenueOptions {
  host?: string;
  port?: number;
  /** protects /_twin/* when set */
  adminKey?: string;
}

export interface RunningVenue {
  url: string;
  engine: Venue;
  /** stops serving and flushes the state file */
  stop(): Promise<void>;
}

export async function startVenue(options: StartVenueOptions = {}): Promise<RunningVenue> {
  const engine = new Venue(options);
  const http = await serveVenue(engine, {
    host: options.host,
    port: options.port,
    adminKey: options.adminKey,
  });
  let stopping: Promise<void> | undefined;
  return {
    url: http.url,
    engine,
    stop: () => {
      stopping ??= http.close().then(() => engine.close());
      return stopping;
    },
  };
}

export { ManualClock, type VenueClock, WallClock } from "./clock.ts";
export { MARKETS, type Market } from "./engine/dexes.ts";
export type { Payout } from "./engine/state.ts";
export type { PayoutExecutor } from "./payouts.ts";
export { type Network, Venue, type VenueOptions } from "./venue.ts";
