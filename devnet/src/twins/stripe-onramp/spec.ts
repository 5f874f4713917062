import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

/** The devnet's test-mode secret key for the provider twin (published in the address book, like a sandbox key). */
const ONRAMP_TWIN_API_KEY = "sk_test_devnet_onramp_provider";

export const onrampTwin: TwinSpec = {
  name: "onramp",
  portOffset: 10,
  entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
  apiKey: ONRAMP_TWIN_API_KEY,
  addressBook: { kind: "stripe-crypto-onramp", chain: "ethereum" },
};
