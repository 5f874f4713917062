import { fileURLToPath } from "node:url";
import type { TwinSpec } from "./types.ts";

/**
 * The twins `startDevnet` runs by default. Each has a fixed port offset (onramp 10, venue 11, issuer 12).
 *
 * Example entry:
 *   { name: "onramp", portOffset: 10, entry: fileURLToPath(new URL("./onramp/main.ts", import.meta.url)), apiKey: "devnet-onramp" }
 */
export const TWINS: TwinSpec[] = [
  {
    name: "issuer",
    portOffset: 12,
    entry: fileURLToPath(new URL("./issuer/main.ts", import.meta.url)),
    apiKey: "devnet-issuer",
    addressBook: { portal: "/portal" },
  },
];
