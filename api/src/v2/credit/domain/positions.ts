import type { Address, Log, PublicClient } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { SAFE } from "../../../product-accounts/index.ts";
import {
  type AaveAccountData,
  type AaveBalanceMove,
  type AaveMarket,
  maxBorrowable,
  readAaveAccount,
  readAaveBalanceMoves,
  valueUsd8,
} from "../../../protocols/aave/index.ts";
import { readMorphoCreditRows } from "./morpho-positions.ts";
import { apy, bpsPercent, type CreditReserve, usd8 } from "./reserve.ts";

/**
 * The account's history at the pool as balance moves (a liquidation moves two reserves: one entry for each),
 * from the Safe factory's deployment (no account predates it).
 */
export async function readAaveCreditEvents(
  client: PublicClient,
  logs: LogReader,
  market: AaveMarket,
  account: Address,
): Promise<AaveBalanceMove[]> {
  const fromBlock = await logs.deploymentBlock(client, SAFE.proxyFactory);
  return readAaveBalanceMoves(client, logs, market.pool, account, fromBlock);
}

/** Aave's health factor (1e18 = 1) as a decimal; no debt reads as uint256 max, which we print as is. */
export const healthFactor = (hf: bigint) => formatDecimal(hf, 18, 4);

/**
 * The Credit Account's Aave v3 and Morpho Blue positions (spec B1): each reserve it supplies (collateral) or owes (debt) with
 * its value, rate and history from the pool's events — totals in and out, and the interest the balance has
 * gained since (what it holds now minus what went in net) — the pool's account summary, and what it may
 * still borrow of each reserve.
 */
export async function readCreditPositions(input: {
  config: Config;
  client: PublicClient;
  logs: LogReader;
  chain: ChainName;
  market: AaveMarket;
  account: Address;
}) {
  const { client, market, account } = input;
  const [{ reserves, data }, events, morpho] = await Promise.all([
    readAaveAccount(client, market, account),
    readAaveCreditEvents(client, input.logs, market, account),
    readMorphoCreditRows(input),
  ]);
  const times = await blockTimes(
    client,
    events.map((e) => ({ blockNumber: e.blockNumber, blockTimestamp: e.blockTimestamp }) as unknown as Log),
  );
  const eventsOf = (r: CreditReserve, types: AaveBalanceMove["type"][]) =>
    events
      .filter((e) => e.reserve === r.asset && types.includes(e.type))
      .map((e) => ({
        event_type: e.type,
        block_number: Number(e.blockNumber),
        block_timestamp: new Date(times.get(e.blockNumber)! * 1000).toISOString(),
        transaction_hash: e.transactionHash,
        amount: formatDecimal(e.amount, r.decimals),
        symbol: r.symbol,
        raw: e.amount,
      }));
  const sum = (list: { event_type: string; raw: bigint }[], type: string) =>
    list.filter((e) => e.event_type === type).reduce((a, e) => a + e.raw, 0n);
  const strip = <T extends { raw: bigint }>(list: T[]) => list.map(({ raw: _, ...e }) => e);

  const collateral = reserves
    .filter((r) => r.supplied > 0n)
    .map((r) => {
      const list = eventsOf(r, ["supply", "withdraw", "liquidation"]);
      const [inflow, outflow] = [sum(list, "supply"), sum(list, "withdraw") + sum(list, "liquidation")];
      const earned = r.supplied - (inflow - outflow);
      return {
        token: r.asset,
        symbol: r.symbol,
        protocol: "AAVE" as const,
        amount_supplied: formatDecimal(r.supplied, r.decimals),
        usd_value: usd8(valueUsd8(r, r.supplied)),
        supply_apy: apy(r.liquidityRate),
        total_deposited: formatDecimal(inflow, r.decimals),
        total_withdrawn: formatDecimal(outflow, r.decimals),
        interest_earned: formatDecimal(earned > 0n ? earned : 0n, r.decimals),
        max_ltv: bpsPercent(r.usedAsCollateral ? r.ltvBps : 0n),
        events: strip(list),
      };
    });
  const debt = reserves
    .filter((r) => r.variableDebt + r.stableDebt > 0n)
    .map((r) => {
      const owed = r.variableDebt + r.stableDebt;
      const list = eventsOf(r, ["borrow", "repay", "liquidation"]);
      const [borrowed, repaid] = [sum(list, "borrow"), sum(list, "repay") + sum(list, "liquidation")];
      const interest = owed - (borrowed - repaid);
      return {
        token: r.asset,
        symbol: r.symbol,
        protocol: "AAVE" as const,
        amount_borrowed: formatDecimal(owed, r.decimals),
        usd_value: usd8(valueUsd8(r, owed)),
        borrow_apy: apy(r.variableBorrowRate),
        total_borrowed: formatDecimal(borrowed, r.decimals),
        total_repaid: formatDecimal(repaid, r.decimals),
        interest_paid: formatDecimal(interest > 0n ? interest : 0n, r.decimals),
        events: strip(list),
      };
    });
  // Aave's base currency is USD with 8 decimals; the Morpho rows are valued in 18-decimal USD
  const net8 =
    data.totalCollateralUsd8 - data.totalDebtUsd8 + (morpho.collateralUsd18 - morpho.debtUsd18) / 10n ** 10n;
  return {
    collateral_positions: [...collateral, ...morpho.collateral],
    debt_positions: [...debt, ...morpho.debt],
    account_summary: accountSummary(data),
    euler_account_summaries: [],
    euler_account_summary: null,
    euler_borrowable_tokens: [],
    borrowable_tokens: reserves
      .filter((r) => r.borrowingEnabled)
      .map((r) => ({
        token: r.asset,
        symbol: r.symbol,
        max_borrowable_amount: formatDecimal(maxBorrowable(r, data), r.decimals),
        borrow_apy: apy(r.variableBorrowRate),
      })),
    total_usd_value: usd8(net8),
  };
}

export function accountSummary(data: AaveAccountData) {
  return {
    protocol: "AAVE" as const,
    health_factor: healthFactor(data.healthFactor),
    total_collateral_usd: usd8(data.totalCollateralUsd8),
    total_debt_usd: usd8(data.totalDebtUsd8),
    available_borrows_usd: usd8(data.availableBorrowsUsd8),
    ltv: bpsPercent(data.ltvBps),
    emode_category_id: Number(data.emode),
  };
}
