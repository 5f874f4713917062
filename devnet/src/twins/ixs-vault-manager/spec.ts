import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

/** The IXS vault's manager (main.ts): finalises redemption requests of `ixv1` on devnet time. */
export const ixsTwin: TwinSpec = {
  name: "ixs",
  portOffset: 22,
  entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
  apiKey: "devnet-ixs",
};
