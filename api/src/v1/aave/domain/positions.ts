import { type Address, getAddress, type PublicClient } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import {
  type AaveMarket,
  type AaveReserve,
  readAaveAccountData,
  readAavePoolLogs,
  readAaveUserReserve,
} from "../../../protocols/aave/index.ts";

/**
 * A wallet's Aave v3 position at a block — the pool's own account data, and one reserve's balances as the data
 * provider reports them — and its history from the pool's events (the reference reads a subgraph; the events
 * are what a subgraph indexes).
 */

const bps = (v: bigint) => formatDecimal(v, 4);
const rayFraction = (v: bigint) => formatDecimal(v, 27);

export async function readPositionSummary(
  client: PublicClient,
  market: AaveMarket,
  user: Address,
  block: bigint,
) {
  try {
    const a = await readAaveAccountData(client, market, user, block);
    return {
      maximum_loan_to_value_ratio: bps(a.ltvBps),
      health_factor: formatDecimal(a.healthFactor, 18),
      total_collateral: formatDecimal(a.totalCollateralUsd8, 8),
      total_debt: formatDecimal(a.totalDebtUsd8, 8),
      available_borrows: formatDecimal(a.availableBorrowsUsd8, 8),
      liquidation_threshold: bps(a.thresholdBps),
    };
  } catch (error) {
    return rethrowRpc(market.chain, error, { blockLoc: ["query", "block"], block: Number(block) });
  }
}

export async function readPositionPerToken(
  client: PublicClient,
  market: AaveMarket,
  user: Address,
  reserve: AaveReserve,
  block: bigint,
) {
  try {
    const p = await readAaveUserReserve(client, market, reserve.asset, user, block);
    return {
      token_balance: formatDecimal(p.supplied, reserve.decimals),
      stable_debt: formatDecimal(p.stableDebt, reserve.decimals),
      variable_debt: formatDecimal(p.variableDebt, reserve.decimals),
      principal_stable_debt: formatDecimal(p.principalStableDebt, reserve.decimals),
      principal_variable_debt: formatDecimal(p.scaledVariableDebt, reserve.decimals),
      stable_borrow_rate: rayFraction(p.userStableBorrowRate),
      stable_borrow_rate_for_new_loans: rayFraction(reserve.stableBorrowRate),
      variable_borrow_rate: rayFraction(reserve.variableBorrowRate),
      liquidity_rate: rayFraction(p.liquidityRate),
    };
  } catch (error) {
    return rethrowRpc(market.chain, error, { blockLoc: ["query", "block"], block: Number(block) });
  }
}

/**
 * The wallet's Aave transactions, newest first, paged: supplies credited to it, its withdrawals, borrows on its
 * behalf, repayments of its debt (one filter: all four index the wallet right after the reserve) and its
 * liquidations, each valued at the oracle's price of its block — read at the latest block, since prices at
 * past blocks need archive state (the price shown is today's; noted in the docs).
 */
export async function readHistory(input: {
  client: PublicClient;
  market: AaveMarket;
  logs: LogReader;
  user: Address;
  reserves: AaveReserve[];
  offset: number;
  limit: number;
}) {
  const { client, market, user, logs } = input;
  try {
    const fromBlock = await logs.deploymentBlock(client, market.pool);
    // only the newest offset + limit: the page costs the page, however long the wallet's history
    const newest = input.offset + input.limit;
    const all = (await readAavePoolLogs(client, logs, market.pool, user, fromBlock, newest)).reverse();
    const page = all.slice(input.offset, newest);
    const times = await blockTimes(client, page);
    const byAsset = new Map(input.reserves.map((r) => [r.asset, r]));
    const reserve = (asset: unknown) => {
      const r = byAsset.get(getAddress(asset as Address));
      return {
        symbol: r?.symbol ?? "",
        name: r?.symbol ?? "",
        underlyingAsset: getAddress(asset as Address),
        decimals: r?.decimals ?? null,
      };
    };
    const amount = (asset: unknown, raw: unknown) =>
      Number(formatDecimal(raw as bigint, byAsset.get(getAddress(asset as Address))?.decimals ?? 18));
    const price = (asset: unknown) =>
      Number(byAsset.get(getAddress(asset as Address))?.priceUsd8 ?? 0n) / 1e8;
    const transactions = page.map((l) => {
      const common = {
        id: `${l.transactionHash}:${l.logIndex}`,
        timestamp: times.get(l.blockNumber!)!,
        txHash: l.transactionHash!,
        block: Number(l.blockNumber),
      };
      const a = l.args;
      if (l.eventName === "LiquidationCall")
        return {
          ...common,
          action: "LiquidationCall" as const,
          collateralAmount: amount(a.collateralAsset, a.liquidatedCollateralAmount),
          collateralReserve: reserve(a.collateralAsset),
          principalAmount: amount(a.debtAsset, a.debtToCover),
          principalReserve: reserve(a.debtAsset),
          collateralAssetPriceUSD: price(a.collateralAsset),
          borrowAssetPriceUSD: price(a.debtAsset),
        };
      const action = { Supply: "Supply", Withdraw: "RedeemUnderlying", Borrow: "Borrow", Repay: "Repay" }[
        l.eventName
      ] as "Supply" | "RedeemUnderlying" | "Borrow" | "Repay";
      return {
        ...common,
        action,
        amount: amount(a.reserve, a.amount),
        reserve: reserve(a.reserve),
        assetPriceUSD: price(a.reserve),
        ...(action === "Borrow"
          ? { borrowRateMode: Number(a.interestRateMode) === 1 ? (1 as const) : (2 as const) }
          : {}),
      };
    });
    return { offset: input.offset, limit: input.limit, transactions };
  } catch (error) {
    return rethrowRpc(market.chain, error);
  }
}
