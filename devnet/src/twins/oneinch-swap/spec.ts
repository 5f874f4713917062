import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

const entry = fileURLToPath(new URL("./main.ts", import.meta.url));

/** The swap aggregator (main.ts): the 1inch Swap API v6.0 over the devnet's Uniswap v3 pools. */
export const aggregatorTwin: TwinSpec = {
  name: "aggregator",
  portOffset: 13,
  entry,
  apiKey: "devnet-aggregator",
  addressBook: { protocol: "1inch-swap-v6.0" },
};

/** Odos (main.ts): its Smart Order Routing API v2 over the same pools and engine; no key, as Odos's public API. */
export const odosTwin: TwinSpec = {
  name: "odos",
  portOffset: 14,
  entry,
  addressBook: { protocol: "odos-sor-v2" },
};
