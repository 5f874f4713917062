import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

/** Midas's and Centrifuge's operations desks (main.ts): approve vault requests and fulfil/claim ERC-7540 requests. */
export const issuersTwin: TwinSpec = {
  name: "issuers",
  portOffset: 21,
  entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
  apiKey: "devnet-issuers",
};
