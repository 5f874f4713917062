import {
  type Address,
  erc20Abi,
  getAddress,
  type Hex,
  type Log,
  type PublicClient,
  parseEventLogs,
} from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type AaveAccountData,
  type AaveBalanceMove,
  type AaveMarket,
  readAaveAccount,
  valueUsd8,
} from "../../../protocols/aave/index.ts";
import { morphoOn } from "../../../protocols/morpho/index.ts";
import { readMorphoCreditEvents } from "./morpho-positions.ts";
import { accountSummary, healthFactor, readAaveCreditEvents } from "./positions.ts";
import { apy, type CreditReserve, usd8 } from "./reserve.ts";
import { morphoVenue } from "./venue.ts";

/**
 * The Credit Account's leverage loops on Aave v3 and in Morpho Blue markets (spec B2), read back from the
 * venues' events. A loop is a
 * transaction that supplies a collateral and borrows a debt token in it, with a swap between (what `loop`
 * builds); its position is that collateral/debt pair from then on — every later transaction that moves either
 * side is in its history, classified — until its debt is repaid in full (CLOSED). The swap inside a loop or an
 * unwind comes from the transaction's own token transfers (its receipt): what left the account of the token
 * sold, what came in of the token bought, other than the pool's aTokens.
 */

type Classification =
  | "loop_open"
  | "loop_increase"
  | "unwind"
  | "supply"
  | "withdraw"
  | "borrow"
  | "repay"
  | "liquidation"
  | "mixed";

interface TxEvents {
  hash: Hex;
  blockNumber: bigint;
  events: AaveBalanceMove[];
}

const WAD = 10n ** 18n;

/**
 * Where loops are read from: Aave v3's pool (one account: its health factor is the account's) and each Morpho
 * Blue market the account has used (isolated: its health factor is the market's). Events name their token as
 * `reserve`, so one market's or the pool's pairs are told apart within the source.
 */
interface LoopSource {
  protocol: "AAVE" | "MORPHO";
  marketId?: Hex;
  reserves: CreditReserve[];
  data: AaveAccountData;
  events: AaveBalanceMove[];
  scope: "account" | "market";
}

export async function readLoopedPositions(input: {
  config: Config;
  client: PublicClient;
  logs: LogReader;
  chain: ChainName;
  market: AaveMarket;
  account: Address;
}) {
  const { client, market, account } = input;
  const morpho = morphoOn(input.config, input.chain);
  const [{ reserves, data }, events, morphoEvents] = await Promise.all([
    readAaveAccount(client, market, account),
    readAaveCreditEvents(client, input.logs, market, account),
    morpho ? readMorphoCreditEvents(client, input.logs, morpho, account) : Promise.resolve([]),
  ]);
  const sources: LoopSource[] = [{ protocol: "AAVE", reserves, data, events, scope: "account" }];
  for (const marketId of [...new Set(morphoEvents.map((e) => e.marketId))]) {
    const venue = await morphoVenue({ config: input.config, client, chain: input.chain, marketId });
    const { c, b, data } = await venue.read(account, {});
    sources.push({
      protocol: "MORPHO",
      marketId,
      reserves: [c, b],
      data,
      scope: "market",
      events: morphoEvents
        .filter((e) => e.marketId === marketId)
        .map((e) => ({ ...e, reserve: e.side === "collateral" ? c.asset : b.asset })),
    });
  }
  const times = await blockTimes(
    client,
    sources.flatMap((s) =>
      s.events.map(
        (e) => ({ blockNumber: e.blockNumber, blockTimestamp: e.blockTimestamp }) as unknown as Log,
      ),
    ),
  );
  const at = (block: bigint) => new Date(times.get(block)! * 1000).toISOString();
  const found = sources.map((source) => ({ source, positions: positionsOf(source) }));
  // the swaps inside loops and unwinds, from their receipts: transfers to and from the venues are not swaps
  const swapTxs = found.flatMap(({ positions }) =>
    positions.flatMap((p) =>
      p.txs.filter((tx) => ["loop_open", "loop_increase", "unwind"].includes(classify(tx, p, p.txs[0]!))),
    ),
  );
  const venues = new Set<Address>([...reserves.map((r) => r.aToken), ...(morpho ? [morpho] : [])]);
  const swaps = await readSwaps(client, [...new Set(swapTxs.map((t) => t.hash))], account, venues);
  return {
    credit_account_address: account,
    positions: found.flatMap(({ source, positions }) =>
      positions.map((p) => describePosition(source, p, swaps, at)),
    ),
    aave_account_summary: accountSummary(data),
  };
}

/** The source's positions, in the order they opened: a pair is open from its first loop until its debt is repaid. */
function positionsOf(source: LoopSource): Position[] {
  const byAsset = new Map(source.reserves.map((r) => [r.asset, r]));
  const positions: Position[] = [];
  const openOf = (c: Address, b: Address) =>
    positions.find((p) => p.collateral === c && p.debt === b && p.closedIn === undefined);
  for (const tx of groupByTransaction(source.events)) {
    for (const p of positions.filter((p) => p.closedIn === undefined && touches(tx, p))) p.txs.push(tx);
    for (const [c, b] of loopPairs(tx))
      if (!openOf(c, b)) positions.push({ collateral: c, debt: b, txs: [tx], debtLeft: 0n });
    for (const p of positions.filter((p) => p.closedIn === undefined && p.txs.includes(tx))) {
      p.debtLeft += sumOf(tx, p.debt, ["borrow"]) - sumOf(tx, p.debt, ["repay", "liquidation"]);
      if (p.debtLeft <= 0n && sumOf(tx, p.debt, ["repay", "liquidation"]) > 0n) p.closedIn = tx;
    }
  }
  // an open position's debt on chain settles it: interest makes the event sums an estimate
  for (const p of positions)
    if (p.closedIn === undefined && (byAsset.get(p.debt)?.variableDebt ?? 0n) === 0n && p.txs.length > 1)
      p.closedIn = p.txs.at(-1);
  return positions;
}

function describePosition(
  source: LoopSource,
  p: Position,
  swaps: Map<Hex, { out: Map<Address, bigint>; in: Map<Address, bigint> }>,
  at: (block: bigint) => string,
) {
  const byAsset = new Map(source.reserves.map((r) => [r.asset, r]));
  const [c, b] = [byAsset.get(p.collateral)!, byAsset.get(p.debt)!];
  const open = p.closedIn === undefined;
  const history = p.txs.map((tx) => {
    const classification = classify(tx, p, p.txs[0]!);
    const swap = swaps.get(tx.hash);
    const [sold, bought] = classification === "unwind" ? [c, b] : [b, c];
    const iterations =
      classification === "unwind"
        ? count(tx, p.debt, "repay")
        : classification.startsWith("loop")
          ? count(tx, p.debt, "borrow")
          : undefined;
    return {
      transaction_hash: tx.hash,
      block_number: Number(tx.blockNumber),
      block_timestamp: at(tx.blockNumber),
      classification,
      ...(iterations === undefined ? {} : { iterations }),
      collateral_delta: formatDecimal(
        sumOf(tx, p.collateral, ["supply"]) - sumOf(tx, p.collateral, ["withdraw", "liquidation"]),
        c.decimals,
      ),
      debt_delta: formatDecimal(
        sumOf(tx, p.debt, ["borrow"]) - sumOf(tx, p.debt, ["repay", "liquidation"]),
        b.decimals,
      ),
      ...(swap && classification !== "mixed"
        ? {
            swap: {
              sold_token: sold.asset,
              sold_symbol: sold.symbol,
              sold_amount: formatDecimal(swap.out.get(sold.asset) ?? 0n, sold.decimals),
              bought_token: bought.asset,
              bought_symbol: bought.symbol,
              bought_amount: formatDecimal(swap.in.get(bought.asset) ?? 0n, bought.decimals),
            },
          }
        : {}),
      events: tx.events
        .filter((e) => e.reserve === p.collateral || e.reserve === p.debt)
        .map((e) => {
          const r = byAsset.get(e.reserve)!;
          return {
            event_type: e.type,
            block_number: Number(e.blockNumber),
            block_timestamp: at(e.blockNumber),
            transaction_hash: e.transactionHash,
            amount: formatDecimal(e.amount, r.decimals),
            symbol: r.symbol,
          };
        }),
    };
  });
  const kinds = history.map((h) => h.classification);
  const all = (asset: Address, types: AaveBalanceMove["type"][]) =>
    p.txs.reduce((sum, tx) => sum + sumOf(tx, asset, types), 0n);
  return {
    protocol: source.protocol,
    ...(source.marketId ? { market_id: source.marketId } : {}),
    collateral_token: c.asset,
    collateral_symbol: c.symbol,
    debt_token: b.asset,
    debt_symbol: b.symbol,
    status: open ? ("OPEN" as const) : ("CLOSED" as const),
    opened_at: at(p.txs[0]!.blockNumber),
    ...(open ? {} : { closed_at: at(p.closedIn!.blockNumber) }),
    current: open ? current(c, b, source.data, source.scope) : null,
    totals: {
      total_collateral_added: formatDecimal(all(p.collateral, ["supply"]), c.decimals),
      total_collateral_removed: formatDecimal(all(p.collateral, ["withdraw", "liquidation"]), c.decimals),
      total_debt_added: formatDecimal(all(p.debt, ["borrow"]), b.decimals),
      total_debt_removed: formatDecimal(all(p.debt, ["repay", "liquidation"]), b.decimals),
      loop_tx_count: kinds.filter((k) => k === "loop_open" || k === "loop_increase").length,
      unwind_tx_count: kinds.filter((k) => k === "unwind").length,
      liquidation_count: kinds.filter((k) => k === "liquidation").length,
    },
    history,
  };
}

interface Position {
  collateral: Address;
  debt: Address;
  txs: TxEvents[];
  /** debt borrowed less repaid in its transactions (principal: the events carry no interest) */
  debtLeft: bigint;
  closedIn?: TxEvents;
}

function groupByTransaction(events: AaveBalanceMove[]): TxEvents[] {
  const txs = new Map<Hex, TxEvents>();
  for (const e of events) {
    const tx = txs.get(e.transactionHash) ?? {
      hash: e.transactionHash,
      blockNumber: e.blockNumber,
      events: [],
    };
    tx.events.push(e);
    txs.set(e.transactionHash, tx);
  }
  return [...txs.values()];
}

const of = (tx: TxEvents, asset: Address, types: AaveBalanceMove["type"][]) =>
  tx.events.filter((e) => e.reserve === asset && types.includes(e.type));
const sumOf = (tx: TxEvents, asset: Address, types: AaveBalanceMove["type"][]) =>
  of(tx, asset, types).reduce((sum, e) => sum + e.amount, 0n);
const count = (tx: TxEvents, asset: Address, type: AaveBalanceMove["type"]) => of(tx, asset, [type]).length;
const touches = (tx: TxEvents, p: Position) =>
  of(tx, p.collateral, ["supply", "withdraw", "liquidation"]).length > 0 ||
  of(tx, p.debt, ["borrow", "repay", "liquidation"]).length > 0;

/** The collateral/debt pairs a transaction loops: a borrow between two supplies of another token. */
function loopPairs(tx: TxEvents): [Address, Address][] {
  const supplied = new Set(tx.events.filter((e) => e.type === "supply").map((e) => e.reserve));
  const borrowed = new Set(tx.events.filter((e) => e.type === "borrow").map((e) => e.reserve));
  const pairs: [Address, Address][] = [];
  for (const c of supplied)
    for (const b of borrowed)
      if (c !== b && of(tx, c, ["supply"]).length >= 2 && of(tx, b, ["borrow"]).length >= 1)
        pairs.push([c, b]);
  return pairs;
}

function classify(tx: TxEvents, p: Position, first: TxEvents): Classification {
  const has = (asset: Address, type: AaveBalanceMove["type"]) => count(tx, asset, type) > 0;
  if (tx.events.some((e) => e.type === "liquidation")) return "liquidation";
  const [supply, withdraw] = [has(p.collateral, "supply"), has(p.collateral, "withdraw")];
  const [borrow, repay] = [has(p.debt, "borrow"), has(p.debt, "repay")];
  if (supply && borrow && !withdraw && !repay) return tx === first ? "loop_open" : "loop_increase";
  if (withdraw && repay && !supply && !borrow) return "unwind";
  const kinds = [supply, withdraw, borrow, repay].filter(Boolean).length;
  if (kinds !== 1) return "mixed";
  return supply ? "supply" : withdraw ? "withdraw" : borrow ? "borrow" : "repay";
}

/** The position now, at the venue's oracle; the health factor is the whole Aave account's or the Morpho market's. */
function current(c: CreditReserve, b: CreditReserve, data: AaveAccountData, scope: "account" | "market") {
  const [collateral8, debt8] = [valueUsd8(c, c.supplied), valueUsd8(b, b.variableDebt)];
  const net8 = collateral8 - debt8;
  const leverage = net8 > 0n ? (collateral8 * WAD) / net8 : null;
  const [supplyApy, borrowApy] = [apy(c.liquidityRate), apy(b.variableBorrowRate)];
  const netApy =
    leverage === null
      ? undefined
      : (
          (Number(leverage) / 1e18) * Number(supplyApy) -
          (Number(leverage) / 1e18 - 1) * Number(borrowApy)
        ).toFixed(4);
  return {
    collateral_amount: formatDecimal(c.supplied, c.decimals),
    debt_amount: formatDecimal(b.variableDebt, b.decimals),
    collateral_usd: usd8(collateral8),
    debt_usd: usd8(debt8),
    net_usd_value: usd8(net8),
    ...(leverage === null ? {} : { leverage: formatDecimal(leverage, 18, 4) }),
    health_factor: healthFactor(data.healthFactor),
    health_factor_scope: scope,
    collateral_apy: supplyApy,
    collateral_lending_apy: supplyApy,
    borrow_apy: borrowApy,
    borrow_lending_apy: borrowApy,
    ...(netApy === undefined ? {} : { net_apy: netApy }),
  };
}

/**
 * What each transaction swapped, from its receipt's ERC-20 transfers: per token, what left the account and
 * what came into it, leaving out the venues' own movements (to and from Aave's aTokens and the Morpho singleton).
 */
async function readSwaps(client: PublicClient, hashes: Hex[], account: Address, venues: Set<Address>) {
  const receipts = await Promise.all(hashes.map((hash) => client.getTransactionReceipt({ hash })));
  const out = new Map<Hex, { out: Map<Address, bigint>; in: Map<Address, bigint> }>();
  for (const receipt of receipts) {
    const moves = { out: new Map<Address, bigint>(), in: new Map<Address, bigint>() };
    const transfers = parseEventLogs({
      abi: erc20Abi,
      eventName: "Transfer",
      logs: receipt.logs,
      strict: false,
    });
    for (const t of transfers) {
      const [from, to, value] = [t.args.from, t.args.to, t.args.value];
      if (!from || !to || value === undefined) continue;
      const token = getAddress(t.address);
      const [f, r] = [getAddress(from), getAddress(to)];
      if (f === account && !venues.has(r)) moves.out.set(token, (moves.out.get(token) ?? 0n) + value);
      if (r === account && !venues.has(f)) moves.in.set(token, (moves.in.get(token) ?? 0n) + value);
    }
    out.set(receipt.transactionHash, moves);
  }
  return out;
}
