import { fileURLToPath } from "node:url";
import { onrampTwin } from "./onramp/spec.ts";
import type { TwinSpec } from "./types.ts";

/**
 * The twins `startDevnet` runs by default. Each has a fixed port offset (onramp 10, venue 11, issuer 12).
 *
 * Example entry:
 *   { name: "onramp", portOffset: 10, entry: fileURLToPath(new URL("./onramp/main.ts", import.meta.url)), apiKey: "devnet-onramp" }
 */
export const TWINS: TwinSpec[] = [
  onrampTwin,
  {
    // Perpetuals venue (Hyperliquid info/exchange, xyz dex). The API needs no key for it, as for the
    // live venue; `apiKey` guards only the devnet's /_twin/* controls (tests send it as a bearer token).
    name: "venue",
    portOffset: 11,
    entry: fileURLToPath(new URL("./venue-bridge/main.ts", import.meta.url)),
    apiKey: "devnet-venue-admin",
    addressBook: { network: "Mainnet" },
  },
  {
    name: "issuer",
    portOffset: 12,
    entry: fileURLToPath(new URL("./issuer/main.ts", import.meta.url)),
    apiKey: "devnet-issuer",
    addressBook: { portal: "/portal" },
  },
];
