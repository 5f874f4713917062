import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

export type VenueNetwork = "Mainnet" | "Testnet";

/** The environment variable that picks the devnet venue's network (the address book then lists it). */
export const VENUE_NETWORK_ENV = "COMPASS_DEVNET_VENUE_NETWORK";

export function parseVenueNetwork(value: unknown, where: string): VenueNetwork {
  if (value === undefined || value === null || value === "") return "Mainnet";
  if (value === "Mainnet" || value === "Testnet") return value;
  throw new Error(`${where} must be "Mainnet" or "Testnet", got ${JSON.stringify(value)}`);
}

/**
 * The perpetuals venue (Hyperliquid info/exchange, xyz dex) with its Arbitrum bridge (main.ts). The API needs
 * no key for it, as for the live venue; `apiKey` guards only the devnet's /_twin/* controls (tests send it as
 * a bearer token). Its network — Mainnet unless COMPASS_DEVNET_VENUE_NETWORK or
 * `startDevnet({twinSettings: {venue: {network}}})` says Testnet — is listed as `twins.venue.network`,
 * which the twin process reads at start and the API signs for.
 */
export const venueTwin: TwinSpec = {
  name: "venue",
  portOffset: 11,
  entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
  apiKey: "devnet-venue-admin",
  settings: (env, given) => ({
    network: parseVenueNetwork(
      given?.network ?? env[VENUE_NETWORK_ENV],
      given?.network !== undefined ? "twinSettings.venue.network" : VENUE_NETWORK_ENV,
    ),
  }),
};
