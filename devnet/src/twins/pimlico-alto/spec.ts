import { fileURLToPath } from "node:url";
import type { TwinSpec } from "../types.ts";

const entry = fileURLToPath(new URL("./main.ts", import.meta.url));

/**
 * The ERC-4337 bundler (main.ts): not a twin but the real thing — Pimlico's open-source Alto, one process per
 * chain against the devnet's EntryPoints v0.8 and v0.7, behind one port: `POST <url>/<chain>` speaks the bundler
 * JSON-RPC (eth_sendUserOperation, eth_estimateUserOperationGas, eth_getUserOperationReceipt,
 * eth_supportedEntryPoints…). The Alto processes listen on the next three ports (offsets 16–18).
 */
export const bundlerTwin: TwinSpec = {
  name: "bundler",
  portOffset: 15,
  entry,
  addressBook: {
    protocol: "erc-4337-bundler-rpc",
    implementation: "alto",
    chains: ["ethereum", "arbitrum", "base"],
  },
  readyTimeoutMs: 120_000,
  startsEarly: true,
};
