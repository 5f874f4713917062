import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

/** The swap aggregator (main.ts): the 1inch Swap API v6.0 over the devnet's Uniswap v3 pools. */
export const aggregatorTwin: TwinSpec = {
  name: "aggregator",
  portOffset: 13,
  entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
  apiKey: "devnet-aggregator",
  addressBook: { protocol: "1inch-swap-v6.0" },
};
