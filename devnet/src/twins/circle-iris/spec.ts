import { fileURLToPath } from "node:url";
import { cctpAttester } from "../../cctp/attester.ts";
import type { TwinSpec } from "../types.ts";

/** Circle's CCTP attestation service (Iris API v2), main.ts. Iris takes no API key; the key here guards /_twin. */
export const irisTwin: TwinSpec = {
  name: "iris",
  portOffset: 19,
  entry: fileURLToPath(new URL("./main.ts", import.meta.url)),
  apiKey: "devnet-iris",
  addressBook: { attester: cctpAttester().address },
};
