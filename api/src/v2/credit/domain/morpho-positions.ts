import type { Address, Log, PublicClient } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { SAFE } from "../../../product-accounts/index.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import {
  borrowApyOf,
  morphoHealth,
  morphoOn,
  readBorrowerEvents,
  readMorphoMarket,
  readMorphoPosition,
} from "../../../protocols/morpho/index.ts";

const iso = (t: number) => new Date(t * 1000).toISOString();

/** The account's history at the singleton as a borrower, from the Safe factory's deployment (no account predates it). */
export async function readMorphoCreditEvents(
  client: PublicClient,
  logs: LogReader,
  morpho: Address,
  account: Address,
) {
  const fromBlock = await logs.deploymentBlock(client, SAFE.proxyFactory);
  return readBorrowerEvents(client, logs, morpho, account, fromBlock);
}

/**
 * The Credit Account's Morpho Blue positions: every market its events name, with the collateral it has posted
 * and the debt it owes there (each a row with the market id, the per-market health factor on the debt row),
 * their USD values at the chain's oracle (18-decimal USD, null where it has no price) and their history.
 */
export async function readMorphoCreditRows(input: {
  config: Config;
  client: PublicClient;
  logs: LogReader;
  chain: ChainName;
  account: Address;
}) {
  const { config, client, chain, account } = input;
  const morpho = morphoOn(config, chain);
  if (!morpho) return { collateral: [], debt: [], collateralUsd18: 0n, debtUsd18: 0n };
  const events = await readMorphoCreditEvents(client, input.logs, morpho, account);
  const times = await blockTimes(
    client,
    events.map((e) => ({ blockNumber: e.blockNumber, blockTimestamp: e.blockTimestamp }) as unknown as Log),
  );
  const ids = [...new Set(events.map((e) => e.marketId))];
  const markets = await Promise.all(
    ids.map(async (id) => {
      const m = await readMorphoMarket(client, morpho, id, ["query", "owner"]);
      const [position, collateralPrice, loanPrice] = await Promise.all([
        readMorphoPosition(client, m, account),
        oraclePrice(config, client, chain, m.collateral.address),
        oraclePrice(config, client, chain, m.loan.address),
      ]);
      return { m, position, collateralPrice, loanPrice };
    }),
  );
  let [collateralUsd18, debtUsd18] = [0n, 0n];
  const usd = (raw: bigint, decimals: number, price: bigint | null) => {
    if (price === null) return undefined;
    return (raw * price) / 10n ** BigInt(decimals);
  };
  const collateral = [];
  const debt = [];
  for (const { m, position, collateralPrice, loanPrice } of markets) {
    const of = (side: "collateral" | "loan", decimals: number, symbol: string) =>
      events
        .filter((e) => e.marketId === m.id && e.side === side)
        .map((e) => ({
          event_type: e.type,
          block_number: Number(e.blockNumber),
          block_timestamp: iso(times.get(e.blockNumber)!),
          transaction_hash: e.transactionHash,
          amount: formatDecimal(e.amount, decimals),
          symbol,
          raw: e.amount,
        }));
    const sum = (list: { event_type: string; raw: bigint }[], ...types: string[]) =>
      list.filter((e) => types.includes(e.event_type)).reduce((a, e) => a + e.raw, 0n);
    const strip = <T extends { raw: bigint }>(list: T[]) => list.map(({ raw: _, ...e }) => e);
    if (position.collateral > 0n) {
      const list = of("collateral", m.collateral.decimals, m.collateral.symbol);
      const value = usd(position.collateral, m.collateral.decimals, collateralPrice);
      if (value !== undefined) collateralUsd18 += value;
      collateral.push({
        token: m.collateral.address,
        symbol: m.collateral.symbol,
        protocol: "MORPHO" as const,
        market_id: m.id,
        is_pure_supply: false,
        amount_supplied: formatDecimal(position.collateral, m.collateral.decimals),
        ...(value === undefined ? {} : { usd_value: formatDecimal(value, 18, 2) }),
        // posted collateral earns nothing in Morpho Blue
        supply_apy: "0.0000",
        total_deposited: formatDecimal(sum(list, "supply"), m.collateral.decimals),
        total_withdrawn: formatDecimal(sum(list, "withdraw", "liquidation"), m.collateral.decimals),
        interest_earned: "0",
        max_ltv: formatDecimal(m.params.lltv, 16),
        events: strip(list),
      });
    }
    if (position.borrowShares > 0n) {
      const list = of("loan", m.loan.decimals, m.loan.symbol);
      const value = usd(position.borrowed, m.loan.decimals, loanPrice);
      if (value !== undefined) debtUsd18 += value;
      const [borrowed, repaid] = [sum(list, "borrow"), sum(list, "repay", "liquidation")];
      const interest = position.borrowed - (borrowed - repaid);
      const health = morphoHealth(m, position.collateral, position.borrowed);
      debt.push({
        token: m.loan.address,
        symbol: m.loan.symbol,
        protocol: "MORPHO" as const,
        market_id: m.id,
        ...(health === null ? {} : { health_factor: formatDecimal(health, 18, 4) }),
        amount_borrowed: formatDecimal(position.borrowed, m.loan.decimals),
        ...(value === undefined ? {} : { usd_value: formatDecimal(value, 18, 2) }),
        borrow_apy: (borrowApyOf(m.borrowRate) * 100).toFixed(4),
        total_borrowed: formatDecimal(borrowed, m.loan.decimals),
        total_repaid: formatDecimal(repaid, m.loan.decimals),
        interest_paid: formatDecimal(interest > 0n ? interest : 0n, m.loan.decimals),
        events: strip(list),
      });
    }
  }
  return { collateral, debt, collateralUsd18, debtUsd18 };
}
