import { aaveOracleAbi, aavePoolAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import { type Address, erc20Abi, getAddress, type PublicClient } from "viem";
import type { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import type { AaveMarket } from "./market.ts";

/**
 * The market's reserves as the data provider and the oracle report them: every reserve in one multicall (after
 * the list), at a past block, the head or the next block. Amounts are raw, rates and indices ray, LTV and
 * liquidation threshold basis points, prices USD with 8 decimals (the oracle's base currency).
 */

/** Where a read answers: a past block, the head, or the next block (what a transaction sent now meets). */
export type AaveAt = bigint | "latest" | typeof NEXT_BLOCK;
export const blockOf = (at: AaveAt) =>
  typeof at === "bigint" ? ({ blockNumber: at } as const) : ({ blockTag: at } as const);

/** getReserveConfigurationData, decoded. */
export interface AaveReserveConfig {
  decimals: number;
  ltvBps: bigint;
  thresholdBps: bigint;
  /** may back borrows as collateral */
  collateralEnabled: boolean;
  borrowingEnabled: boolean;
  active: boolean;
  frozen: boolean;
}

type ConfigTuple = readonly [
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
export const configOf = (c: ConfigTuple): AaveReserveConfig => ({
  decimals: Number(c[0]),
  ltvBps: c[1],
  thresholdBps: c[2],
  collateralEnabled: c[5],
  borrowingEnabled: c[6],
  active: c[8],
  frozen: c[9],
});

/** getReserveData, decoded. */
export interface AaveReserveData {
  accruedToTreasuryScaled: bigint;
  /** aTokens outstanding */
  totalAToken: bigint;
  totalStableDebt: bigint;
  totalVariableDebt: bigint;
  liquidityRate: bigint;
  variableBorrowRate: bigint;
  stableBorrowRate: bigint;
  liquidityIndex: bigint;
}

/** (unbacked, accruedToTreasuryScaled, totalAToken, totalStableDebt, totalVariableDebt, liquidityRate,
 * variableBorrowRate, stableBorrowRate, averageStableBorrowRate, liquidityIndex, variableBorrowIndex,
 * lastUpdateTimestamp) */
type DataTuple = readonly [...bigint[], number];
export const dataOf = (d: DataTuple): AaveReserveData => ({
  accruedToTreasuryScaled: d[1] as bigint,
  totalAToken: d[2] as bigint,
  totalStableDebt: d[3] as bigint,
  totalVariableDebt: d[4] as bigint,
  liquidityRate: d[5] as bigint,
  variableBorrowRate: d[6] as bigint,
  stableBorrowRate: d[7] as bigint,
  liquidityIndex: d[9] as bigint,
});

/** The reserve's getReserveData at `at`: its totals, rates and liquidity index. */
export async function readAaveReserveData(
  client: PublicClient,
  market: AaveMarket,
  asset: Address,
  at: AaveAt,
): Promise<AaveReserveData> {
  const data = await client.readContract({
    address: market.dataProvider,
    abi: aaveProtocolDataProviderAbi,
    functionName: "getReserveData",
    args: [asset],
    ...blockOf(at),
  });
  return dataOf(data);
}

/** One reserve of the market, as a listing reads it. */
export interface AaveReserve extends AaveReserveConfig, AaveReserveData {
  asset: Address;
  symbol: string;
  aToken: Address;
  variableDebtToken: Address;
  paused: boolean;
  /** USD per whole token, 8 decimals */
  priceUsd8: bigint;
}

/** An active reserve neither frozen nor paused: it takes new supply and borrows (what its flags allow). */
export const reserveOpen = (r: Pick<AaveReserve, "active" | "frozen" | "paused">) =>
  r.active && !r.frozen && !r.paused;

/** The reads of one reserve in a listing's multicall, and their decoding (`reserveOf`). */
export function reserveReads(market: AaveMarket, asset: Address) {
  const dp = { address: market.dataProvider, abi: aaveProtocolDataProviderAbi } as const;
  return [
    { ...dp, functionName: "getReserveConfigurationData", args: [asset] },
    { ...dp, functionName: "getReserveData", args: [asset] },
    { ...dp, functionName: "getPaused", args: [asset] },
    { ...dp, functionName: "getReserveTokensAddresses", args: [asset] },
    { address: market.oracle, abi: aaveOracleAbi, functionName: "getAssetPrice", args: [asset] },
    { address: asset, abi: erc20Abi, functionName: "symbol" },
  ] as const;
}
export const RESERVE_READS = 6;

export function reserveOf(asset: Address, results: readonly unknown[]): AaveReserve {
  const tokens = results[3] as readonly [Address, Address, Address];
  return {
    asset: getAddress(asset),
    symbol: results[5] as string,
    ...configOf(results[0] as ConfigTuple),
    ...dataOf(results[1] as DataTuple),
    paused: results[2] as boolean,
    aToken: tokens[0],
    variableDebtToken: tokens[2],
    priceUsd8: results[4] as bigint,
  };
}

/** The market's reserve list (the pool's order). */
export function readAaveReserveList(client: PublicClient, market: AaveMarket, at: AaveAt) {
  return client.readContract({
    address: market.pool,
    abi: aavePoolAbi,
    functionName: "getReservesList",
    ...blockOf(at),
  });
}

/** Every reserve of the market at `at`: two calls (the list, then each reserve's reads in one multicall). */
export async function readAaveReserves(
  client: PublicClient,
  market: AaveMarket,
  at: AaveAt,
): Promise<AaveReserve[]> {
  const assets = await readAaveReserveList(client, market, at);
  const results = (await client.multicall({
    allowFailure: false,
    ...blockOf(at),
    contracts: assets.flatMap((asset) => reserveReads(market, asset)) as never,
  })) as unknown[];
  return assets.map((asset, i) =>
    reserveOf(asset, results.slice(i * RESERVE_READS, (i + 1) * RESERVE_READS)),
  );
}

type Named = { asset: Address; symbol: string };

/** The reserve `text` names: its token's address, or its symbol (any case). */
export const matchAaveReserve = <R extends Named>(reserves: R[], text: string): R | undefined =>
  /^0x/i.test(text)
    ? reserves.find((r) => r.asset.toLowerCase() === text.toLowerCase())
    : reserves.find((r) => r.symbol.toUpperCase() === text.toUpperCase());

/** A reserve by symbol or address, or a 422 on `loc` naming what the market lists. */
export function findAaveReserve<R extends Named>(reserves: R[], text: string, chain: ChainName, loc: Loc): R {
  const found = matchAaveReserve(reserves, text);
  if (!found)
    throw fieldError(
      loc,
      `${text} is not a reserve of Aave v3 on ${chain} (reserves: ${reserves.map((r) => r.symbol).join(", ")})`,
    );
  return found;
}
