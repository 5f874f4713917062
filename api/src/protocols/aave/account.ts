import { aavePoolAbi, aaveProtocolDataProviderAbi } from "@compass/constants";
import { type Address, decodeFunctionResult, erc20Abi, type Hex, type PublicClient } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import type { AaveMarket } from "./market.ts";
import {
  type AaveAt,
  type AaveReserve,
  blockOf,
  RESERVE_READS,
  readAaveReserveList,
  reserveOf,
  reserveOpen,
  reserveReads,
} from "./reserves.ts";

/**
 * An address's place in the market: its account data as the pool computes it (collateral, debt and borrowing
 * power in USD with 8 decimals, health factor) and its balances in each reserve as the data provider reports them.
 */

export interface AaveAccountData {
  totalCollateralUsd8: bigint;
  totalDebtUsd8: bigint;
  availableBorrowsUsd8: bigint;
  thresholdBps: bigint;
  ltvBps: bigint;
  /** 1e18 = 1; uint256 max when there is no debt */
  healthFactor: bigint;
  emode: bigint;
}

type AccountDataTuple = readonly [bigint, bigint, bigint, bigint, bigint, bigint];
const accountDataOf = ([collateral, debt, available, threshold, ltv, health]: AccountDataTuple) => ({
  totalCollateralUsd8: collateral,
  totalDebtUsd8: debt,
  availableBorrowsUsd8: available,
  thresholdBps: threshold,
  ltvBps: ltv,
  healthFactor: health,
});

/** getUserReserveData, decoded: the address's balances in one reserve (raw) and the rates that apply (ray). */
export interface AaveUserReserve {
  /** aTokens held: the supply with its interest */
  supplied: bigint;
  stableDebt: bigint;
  variableDebt: bigint;
  principalStableDebt: bigint;
  scaledVariableDebt: bigint;
  /** the stable rate of its stable debt */
  userStableBorrowRate: bigint;
  liquidityRate: bigint;
  usedAsCollateral: boolean;
}

type UserReserveTuple = readonly [bigint, bigint, bigint, bigint, bigint, bigint, bigint, number, boolean];
const userReserveOf = (u: UserReserveTuple): AaveUserReserve => ({
  supplied: u[0],
  stableDebt: u[1],
  variableDebt: u[2],
  principalStableDebt: u[3],
  scaledVariableDebt: u[4],
  userStableBorrowRate: u[5],
  liquidityRate: u[6],
  usedAsCollateral: u[8],
});

/** The pool's account data of `user` at `at` (e-mode not read: 0). */
export async function readAaveAccountData(
  client: PublicClient,
  market: AaveMarket,
  user: Address,
  at: AaveAt,
): Promise<AaveAccountData> {
  const data = await client.readContract({
    address: market.pool,
    abi: aavePoolAbi,
    functionName: "getUserAccountData",
    args: [user],
    ...blockOf(at),
  });
  return { ...accountDataOf(data), emode: 0n };
}

/** `user`'s balances in the reserve of `asset` at `at`. */
export async function readAaveUserReserve(
  client: PublicClient,
  market: AaveMarket,
  asset: Address,
  user: Address,
  at: AaveAt,
): Promise<AaveUserReserve> {
  const position = await client.readContract({
    address: market.dataProvider,
    abi: aaveProtocolDataProviderAbi,
    functionName: "getUserReserveData",
    args: [asset, user],
    ...blockOf(at),
  });
  return userReserveOf(position);
}

/** A reserve with an account's balances in it, and the reserve's cash (what can be borrowed or withdrawn now). */
export type AaveAccountReserve = AaveReserve & AaveUserReserve & { cash: bigint };

/**
 * Every reserve of the market with `account`'s balances in it, and the pool's account data, for the next block:
 * the list, one multicall (every reserve's reads, the account's in each, its account data and e-mode), then the
 * reserves' cash (held by the aTokens the first read named).
 */
export async function readAaveAccount(
  client: PublicClient,
  market: AaveMarket,
  account: Address,
): Promise<{ reserves: AaveAccountReserve[]; data: AaveAccountData }> {
  const at = NEXT_BLOCK;
  const assets = await readAaveReserveList(client, market, at);
  const dp = { address: market.dataProvider, abi: aaveProtocolDataProviderAbi } as const;
  const per = RESERVE_READS + 1;
  const results = (await client.multicall({
    allowFailure: false,
    ...blockOf(at),
    contracts: [
      ...assets.flatMap((asset) => [
        { ...dp, functionName: "getUserReserveData", args: [asset, account] } as const,
        ...reserveReads(market, asset),
      ]),
      { address: market.pool, abi: aavePoolAbi, functionName: "getUserAccountData", args: [account] },
      { address: market.pool, abi: aavePoolAbi, functionName: "getUserEMode", args: [account] },
    ] as never,
  })) as unknown[];
  const listed = assets.map((asset, i) => ({
    user: userReserveOf(results[i * per] as UserReserveTuple),
    reserve: reserveOf(asset, results.slice(i * per + 1, (i + 1) * per)),
  }));
  const cash = await client.multicall({
    allowFailure: false,
    ...blockOf(at),
    contracts: listed.map(({ reserve }) => ({
      address: reserve.asset,
      abi: erc20Abi,
      functionName: "balanceOf" as const,
      args: [reserve.aToken] as const,
    })),
  });
  return {
    reserves: listed.map(({ user, reserve }, i) => ({ ...user, ...reserve, cash: cash[i]! })),
    data: {
      ...accountDataOf(results[assets.length * per] as AccountDataTuple),
      emode: results[assets.length * per + 1] as bigint,
    },
  };
}

/** The pool's account data as a call answered it (`aaveAccountDataCall`). */
export function decodeAaveAccountData(data: Hex): Omit<AaveAccountData, "emode"> {
  return accountDataOf(decodeFunctionResult({ abi: aavePoolAbi, functionName: "getUserAccountData", data }));
}

/**
 * What the account may borrow of a reserve now: its borrowing power (available borrows, in USD) at the
 * reserve's price, within the reserve's cash; 0 when borrowing is off or the reserve is frozen or paused.
 */
export function maxBorrowable(
  r: Pick<
    AaveAccountReserve,
    "borrowingEnabled" | "active" | "frozen" | "paused" | "priceUsd8" | "decimals" | "cash"
  >,
  data: Pick<AaveAccountData, "availableBorrowsUsd8">,
): bigint {
  if (!r.borrowingEnabled || !reserveOpen(r) || r.priceUsd8 === 0n) return 0n;
  const power = (data.availableBorrowsUsd8 * 10n ** BigInt(r.decimals)) / r.priceUsd8;
  return power < r.cash ? power : r.cash;
}
