import type { TwinSpec } from "./types.ts";

/**
 * The twins `startDevnet` runs by default, in port order: twin i listens on portBase + 10 + i.
 * Append new twins at the end so existing ports stay put (planned: onramp +10, venue +11, issuer +12).
 *
 * Example entry:
 *   { name: "onramp", entry: fileURLToPath(new URL("./onramp/main.ts", import.meta.url)), apiKey: "devnet-onramp" }
 */
export const TWINS: TwinSpec[] = [];
