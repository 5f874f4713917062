import { aaveOracleAbi } from "@compass/constants";
import { type Address, getAddress, type PublicClient } from "viem";
import type { BlockHeader } from "../../../kernel/chain/block-at.ts";
import { readBlockAt } from "../../../kernel/chain/block-at.ts";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { Erc20 } from "../../../kernel/chain/erc20.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import { DomainError, fieldError, type Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";

/**
 * USD prices as the chain's price oracle gives them: the Aave v3 oracle (Chainlink-style feeds per asset, 8
 * decimals), the source the chain's lending market values collateral at. A token it has no feed for has no
 * price here (404), rather than a guess.
 */
export function priceOracle(config: Config, chain: ChainName, loc: Loc): Address {
  const oracle = addressBook(config)?.chains[chain]?.contracts.AaveOracle;
  if (!oracle) throw fieldError(loc, `No price oracle is configured on ${chain} in this deployment`);
  return getAddress(oracle);
}

/** The block a price read answers for: `block` (not before the oracle existed) or the head. */
export function priceBlock(
  client: PublicClient,
  chain: ChainName,
  logs: LogReader,
  oracle: Address,
  block: number | undefined,
): Promise<BlockHeader> {
  return readBlockAt(client, chain, block, { since: { logs, address: oracle, what: "The price oracle" } });
}

/** USD per whole token at `block`, 8 decimals; null when the oracle has no feed for it. */
export async function usdPrices8(
  client: PublicClient,
  chain: ChainName,
  oracle: Address,
  tokens: Address[],
  block: bigint,
): Promise<(bigint | null)[]> {
  if (tokens.length === 0) return [];
  try {
    const results = await client.multicall({
      blockNumber: block,
      contracts: tokens.map((asset) => ({
        address: oracle,
        abi: aaveOracleAbi,
        functionName: "getAssetPrice" as const,
        args: [asset] as const,
      })),
    });
    return results.map((r) =>
      r.status === "success" && (r.result as bigint) > 0n ? (r.result as bigint) : null,
    );
  } catch (error) {
    return rethrowRpc(chain, error, { blockLoc: ["query", "block"], block: Number(block) });
  }
}

export function noPrice(token: Erc20, chain: ChainName): never {
  throw new DomainError(
    404,
    "Price not found",
    `The price oracle on ${chain} has no feed for ${token.symbol} (${token.address})`,
  );
}
