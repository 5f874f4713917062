import { addressBook, loadConfig } from "@compass/api";
import type { Hex } from "viem";

/**
 * The app's gas sponsor for perpetuals deposits (the integrator's wallet the spec describes; the API
 * itself holds no keys). COMPASS_SPONSOR_PRIVATE_KEY configures it; on staging the devnet's public
 * `sponsor` role stands in. Production without the variable has no sponsor: traders pay their own gas.
 */
export function sponsorKey(): Hex | undefined {
  const configured = process.env.COMPASS_SPONSOR_PRIVATE_KEY;
  if (configured) return configured as Hex;
  const config = loadConfig();
  if (config.env !== "staging") return undefined;
  const roles = addressBook(config)?.roles as Record<string, { privateKey: Hex }> | undefined;
  return roles?.sponsor?.privateKey;
}
