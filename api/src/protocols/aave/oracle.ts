import { aaveOracleAbi, USDC } from "@compass/constants";
import { type Address, getAddress, type PublicClient } from "viem";
import { type BlockHeader, readBlockAt } from "../../kernel/chain/block-at.ts";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { readView, readViews } from "../../kernel/chain/view-batch.ts";
import { addressBook, type Config } from "../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";

/**
 * USD prices as the chain's Aave v3 oracle gives them (Chainlink-style feeds per asset, 8 decimals): the source
 * the chain's lending market values collateral at, and this deployment's price oracle. A token it has no feed
 * for has no price here, rather than a guess.
 */

/** The chain's price oracle, or a 422 on `loc` when none is configured. */
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

/** USD per whole token at `block`, 8 decimals; null when the oracle has no feed for it. One multicall. */
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

const ONE = 10n ** 18n;

/** USD per whole token now (18 decimals), USDC at 1; null when unknown (no oracle, no feed, a failed read). */
export async function oraclePrice(
  config: Config,
  client: PublicClient,
  chain: ChainName,
  token: Address,
): Promise<bigint | null> {
  if (USDC[chain]?.address.toLowerCase() === token.toLowerCase()) return ONE;
  const oracle = addressBook(config)?.chains[chain]?.contracts.AaveOracle;
  if (!oracle) return null;
  const price = await readView<bigint>(client, {
    address: oracle,
    abi: aaveOracleAbi,
    functionName: "getAssetPrice",
    args: [token],
  }).catch(() => 0n);
  return price > 0n ? price * 10n ** 10n : null;
}

/** USD per whole token now (18 decimals) of each of `tokens` (see oraclePrice), each asked once, in one go. */
export async function oraclePrices(
  config: Config,
  client: PublicClient,
  chain: ChainName,
  tokens: readonly Address[],
): Promise<Map<string, bigint | null>> {
  const unique = [...new Set(tokens.map((t) => t.toLowerCase() as Address))];
  const oracle = addressBook(config)?.chains[chain]?.contracts.AaveOracle;
  const usdc = USDC[chain]?.address.toLowerCase();
  const asked = unique.filter((t) => t !== usdc);
  const results = oracle
    ? await readViews(
        client,
        asked.map((asset) => ({
          address: oracle as Address,
          abi: aaveOracleAbi,
          functionName: "getAssetPrice",
          args: [asset],
        })),
      )
    : [];
  const prices = new Map<string, bigint | null>(unique.map((t) => [t, t === usdc ? ONE : null]));
  asked.forEach((t, i) => {
    const r = results[i];
    prices.set(t, r?.ok && (r.value as bigint) > 0n ? (r.value as bigint) * 10n ** 10n : null);
  });
  return prices;
}

/** USD value (8 decimals) of a raw amount at an 8-decimal USD price per whole token. */
export const valueUsd8 = (r: { priceUsd8: bigint; decimals: number }, amount: bigint) =>
  (amount * r.priceUsd8) / 10n ** BigInt(r.decimals);
