import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

/** The sandbox fund's issuer (main.ts); the distributor API key is a devnet constant in the address book. */
export const issuerTwin: TwinSpec = {
  name: "issuer",
  portOffset: 12,
  entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
  apiKey: "devnet-issuer",
  addressBook: { portal: "/portal" },
};
