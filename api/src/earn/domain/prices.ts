import { USDC } from "@compass/constants";
import type { Address } from "viem";
import type { Config } from "../../config/env.ts";
import type { ChainName } from "../../schemas/common.ts";

const ONE = 10n ** 18n;

/**
 * USD per whole token (18 decimals), or null when unknown. USDC is 1; other tokens are priced once the
 * protocols' oracles are read (Aave's price oracle lists every reserve).
 */
export function usdPrice(_config: Config, chain: ChainName, token: Address): bigint | null {
  return USDC[chain]?.address.toLowerCase() === token.toLowerCase() ? ONE : null;
}
