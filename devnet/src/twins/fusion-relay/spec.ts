import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

/**
 * The tokenized-equity order relay (main.ts): quotes with expiring ids, accepts signed 1inch Limit Order
 * Protocol v4 orders, and has `market_maker` fill them on chain during the NYSE regular session.
 */
export const equityRelayTwin: TwinSpec = {
  name: "equity_relay",
  portOffset: 20,
  entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
  apiKey: "devnet-equity-relay",
  addressBook: { chainId: 1 },
};
