import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

/**
 * The perpetuals venue (Hyperliquid info/exchange, xyz dex) with its Arbitrum bridge (main.ts). The API needs
 * no key for it, as for the live venue; `apiKey` guards only the devnet's /_twin/* controls (tests send it as
 * a bearer token).
 */
export const venueTwin: TwinSpec = {
  name: "venue",
  portOffset: 11,
  entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
  apiKey: "devnet-venue-admin",
  addressBook: { network: "Mainnet" },
};
