import { aaveOracleAbi, aavePoolAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import { type Address, erc20Abi, getAddress, type PublicClient } from "viem";
import { type BlockHeader, readBlockAt } from "../../../kernel/chain/block-at.ts";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";

/**
 * The chain's Aave v3 market for the v1 reads, and the block a read answers for: `block` as given (it must
 * exist and come after the pool's deployment: before it the protocol did not exist), or the head.
 */

export interface AaveV1Market {
  chain: ChainName;
  client: PublicClient;
  pool: Address;
  dataProvider: Address;
  oracle: Address;
}

export function aaveV1Market(config: Config, chain: ChainName, client: PublicClient): AaveV1Market {
  const c = addressBook(config)?.chains[chain]?.contracts;
  if (!c?.AavePool || !c.AaveProtocolDataProvider || !c.AaveOracle)
    throw fieldError(["query", "chain"], `Aave v3 is not deployed on ${chain} in this deployment`);
  return {
    chain,
    client,
    pool: getAddress(c.AavePool),
    dataProvider: getAddress(c.AaveProtocolDataProvider),
    oracle: getAddress(c.AaveOracle),
  };
}

/** The block a read answers for, checked against the head and the pool's deployment. */
export function readBlock(
  market: AaveV1Market,
  logs: LogReader,
  block: number | undefined,
  loc: Loc = ["query", "block"],
): Promise<BlockHeader> {
  return readBlockAt(market.client, market.chain, block, {
    loc,
    since: { logs, address: market.pool, what: "Aave v3" },
  });
}

export interface ReserveAt {
  asset: Address;
  symbol: string;
  decimals: number;
  supplyingEnabled: boolean;
  borrowingEnabled: boolean;
  /** USD, 8 decimals (the oracle's base currency) */
  priceUsd8: bigint;
  totalAToken: bigint;
  totalDebt: bigint;
  liquidityRate: bigint;
  variableBorrowRate: bigint;
  stableBorrowRate: bigint;
}

/**
 * Every reserve of the market as it was at `block` (or now): two calls (the list, then each reserve's reads
 * in one multicall). Reads that come from events resolve their token at the head: a token is found by its
 * address in the past.
 */
export async function readReservesAt(market: AaveV1Market, block: bigint | "latest"): Promise<ReserveAt[]> {
  const { client } = market;
  const at = block === "latest" ? ({ blockTag: "latest" } as const) : ({ blockNumber: block } as const);
  try {
    const assets = await client.readContract({
      address: market.pool,
      abi: aavePoolAbi,
      functionName: "getReservesList",
      ...at,
    });
    const dp = { address: market.dataProvider, abi: aaveProtocolDataProviderAbi } as const;
    const results = (await client.multicall({
      allowFailure: false,
      ...at,
      contracts: assets.flatMap((asset) => [
        { ...dp, functionName: "getReserveConfigurationData", args: [asset] },
        { ...dp, functionName: "getReserveData", args: [asset] },
        { ...dp, functionName: "getPaused", args: [asset] },
        { address: market.oracle, abi: aaveOracleAbi, functionName: "getAssetPrice", args: [asset] },
        { address: asset, abi: erc20Abi, functionName: "symbol" },
      ]) as never,
    })) as unknown[];
    return assets.map((asset, i) => {
      const config = results[i * 5] as readonly [
        bigint,
        bigint,
        bigint,
        bigint,
        bigint,
        boolean,
        boolean,
        boolean,
        boolean,
        boolean,
      ];
      const data = results[i * 5 + 1] as readonly bigint[];
      const paused = results[i * 5 + 2] as boolean;
      const [active, frozen] = [config[8], config[9]];
      const open = active && !frozen && !paused;
      return {
        asset: getAddress(asset),
        symbol: results[i * 5 + 4] as string,
        decimals: Number(config[0]),
        supplyingEnabled: open && config[5],
        borrowingEnabled: open && config[6],
        priceUsd8: results[i * 5 + 3] as bigint,
        totalAToken: data[2]!,
        totalDebt: data[3]! + data[4]!,
        liquidityRate: data[5]!,
        variableBorrowRate: data[6]!,
        stableBorrowRate: data[7]!,
      };
    });
  } catch (error) {
    return rethrowRpc(
      market.chain,
      error,
      block === "latest" ? {} : { blockLoc: ["query", "block"], block: Number(block) },
    );
  }
}

/** A reserve by symbol or address, or a 422 on `loc` naming what the market lists. */
export function pickReserve(reserves: ReserveAt[], text: string, market: AaveV1Market, loc: Loc): ReserveAt {
  const found = /^0x/i.test(text)
    ? reserves.find((r) => r.asset.toLowerCase() === text.toLowerCase())
    : reserves.find((r) => r.symbol.toUpperCase() === text.toUpperCase());
  if (!found)
    throw fieldError(
      loc,
      `${text} is not a reserve of Aave v3 on ${market.chain} (reserves: ${reserves.map((r) => r.symbol).join(", ")})`,
    );
  return found;
}

/**
 * The market's reserve list and symbols, kept per client for reads that need only a token's address (the rate
 * reads come from events): a reserve's address and symbol never change, so a known token costs no call; an
 * unknown one reads the list again (a reserve listed since) before it is a 422, and the list is read afresh
 * after ten minutes anyway.
 */
const reserveLists = new WeakMap<PublicClient, Map<Address, { at: number; reserves: ReserveToken[] }>>();
const RESERVE_LIST_TTL_MS = 10 * 60_000;

export interface ReserveToken {
  asset: Address;
  symbol: string;
}

async function readReserveTokens(market: AaveV1Market): Promise<ReserveToken[]> {
  const { client } = market;
  try {
    const assets = await client.readContract({
      address: market.pool,
      abi: aavePoolAbi,
      functionName: "getReservesList",
    });
    const symbols = await client.multicall({
      allowFailure: false,
      contracts: assets.map((asset) => ({ address: asset, abi: erc20Abi, functionName: "symbol" }) as const),
    });
    return assets.map((asset, i) => ({ asset: getAddress(asset), symbol: symbols[i]! }));
  } catch (error) {
    return rethrowRpc(market.chain, error);
  }
}

/** A reserve's address and symbol by symbol or address, or a 422 on `loc` naming what the market lists. */
export async function resolveReserveToken(
  market: AaveV1Market,
  text: string,
  loc: Loc,
): Promise<ReserveToken> {
  const byPool = reserveLists.get(market.client) ?? new Map();
  reserveLists.set(market.client, byPool);
  const find = (reserves: ReserveToken[]) =>
    /^0x/i.test(text)
      ? reserves.find((r) => r.asset.toLowerCase() === text.toLowerCase())
      : reserves.find((r) => r.symbol.toUpperCase() === text.toUpperCase());
  const cached = byPool.get(market.pool);
  if (cached && Date.now() - cached.at < RESERVE_LIST_TTL_MS) {
    const hit = find(cached.reserves);
    if (hit) return hit;
  }
  const reserves = await readReserveTokens(market);
  byPool.set(market.pool, { at: Date.now(), reserves });
  const found = find(reserves);
  if (!found)
    throw fieldError(
      loc,
      `${text} is not a reserve of Aave v3 on ${market.chain} (reserves: ${reserves.map((r) => r.symbol).join(", ")})`,
    );
  return found;
}

/** A raw amount as a decimal string without trailing zeros. */
export function decimalString(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const scale = 10n ** BigInt(decimals);
  const fraction = (abs % scale).toString().padStart(decimals, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${abs / scale}${fraction ? `.${fraction}` : ""}`;
}
