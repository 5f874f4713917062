import { onrampTwin } from "./onramp/spec.ts";
import type { TwinSpec } from "./types.ts";

/**
 * The twins `startDevnet` runs by default. Each has a fixed port offset (onramp 10, venue 11, issuer 12).
 *
 * Example entry:
 *   { name: "onramp", portOffset: 10, entry: fileURLToPath(new URL("./onramp/main.ts", import.meta.url)), apiKey: "devnet-onramp" }
 */
export const TWINS: TwinSpec[] = [onrampTwin];
