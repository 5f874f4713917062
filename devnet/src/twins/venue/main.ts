import { fstatSync } from "node:fs";
import { startVenue } from "./index.ts";

/**
 * Process entry: `node --import tsx devnet/src/twins/venue/main.ts`.
 *   VENUE_PORT (or PORT, or the devnet launcher's COMPASS_TWIN_PORT; default any free port)
 *   VENUE_STATE_FILE (or COMPASS_TWIN_STATE; default: in memory only)
 *   VENUE_SEED (oracle walk seed on a first start), VENUE_NETWORK "Mainnet" | "Testnet"
 *   VENUE_ADMIN_KEY (or COMPASS_TWIN_API_KEY) to protect /_twin/*
 *   VENUE_REQUIRE_ABSTRACTION=0 lets `xyz` orders use the collateral without enabling a unified mode
 * Prints one JSON line {"ready":true,"url":…} once listening; SIGTERM/SIGINT (or the launcher's
 * stdin pipe closing) stop it after flushing the state file.
 */
const env = process.env;
const network = env.VENUE_NETWORK ?? "Mainnet";
if (network !== "Mainnet" && network !== "Testnet")
  throw new Error(`VENUE_NETWORK must be Mainnet or Testnet, not ${network}`);

const venue = await startVenue({
  port: Number(env.VENUE_PORT ?? env.PORT ?? env.COMPASS_TWIN_PORT ?? 0),
  stateFile: env.VENUE_STATE_FILE ?? env.COMPASS_TWIN_STATE,
  seed: env.VENUE_SEED,
  network,
  adminKey: env.VENUE_ADMIN_KEY ?? env.COMPASS_TWIN_API_KEY,
  requireAbstractionForHip3: env.VENUE_REQUIRE_ABSTRACTION !== "0",
});

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  try {
    await venue.stop();
  } finally {
    process.exit(0);
  }
}
process.once("SIGTERM", shutdown);
process.once("SIGINT", shutdown);
// Launched with a stdin pipe, the twin notices its launcher dying when the pipe closes.
if (stdinIsPipe()) process.stdin.on("end", shutdown).on("close", shutdown).resume();

console.log(JSON.stringify({ ready: true, name: "venue", url: venue.url, network }));

function stdinIsPipe(): boolean {
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isSocket();
  } catch {
    return false;
  }
}
