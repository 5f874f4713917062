import { aaveOracleAbi, USDC } from "@compass/constants";
import type { Address, PublicClient } from "viem";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";

const ONE = 10n ** 18n;

/** USD per whole token (18 decimals) from the chain's Aave oracle (8-decimal USD), USDC at 1; null if unknown. */
export async function oraclePrice(
  config: Config,
  client: PublicClient,
  chain: ChainName,
  token: Address,
): Promise<bigint | null> {
  if (USDC[chain]?.address.toLowerCase() === token.toLowerCase()) return ONE;
  const oracle = addressBook(config)?.chains[chain]?.contracts.AaveOracle;
  if (!oracle) return null;
  const price = await client
    .readContract({ address: oracle, abi: aaveOracleAbi, functionName: "getAssetPrice", args: [token] })
    .catch(() => 0n);
  return price > 0n ? price * 10n ** 10n : null;
}
