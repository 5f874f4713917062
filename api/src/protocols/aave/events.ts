import { type Address, getAddress, type Log, type PublicClient, pad, parseAbiItem } from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";

/** Aave v3 Pool's events. */
export const AAVE_SUPPLY_EVENT = parseAbiItem(
  "event Supply(address indexed reserve, address user, address indexed onBehalfOf, uint256 amount, uint16 indexed referralCode)",
);
export const AAVE_WITHDRAW_EVENT = parseAbiItem(
  "event Withdraw(address indexed reserve, address indexed user, address indexed to, uint256 amount)",
);
export const AAVE_BORROW_EVENT = parseAbiItem(
  "event Borrow(address indexed reserve, address user, address indexed onBehalfOf, uint256 amount, uint8 interestRateMode, uint256 borrowRate, uint16 indexed referralCode)",
);
export const AAVE_REPAY_EVENT = parseAbiItem(
  "event Repay(address indexed reserve, address indexed user, address indexed repayer, uint256 amount, bool useATokens)",
);
export const AAVE_LIQUIDATION_EVENT = parseAbiItem(
  "event LiquidationCall(address indexed collateralAsset, address indexed debtAsset, address indexed user, uint256 debtToCover, uint256 liquidatedCollateralAmount, address liquidator, bool receiveAToken)",
);
/** Emitted whenever the pool recomputes a reserve's rates: the rates in force from then on, and the indices. */
export const AAVE_RESERVE_DATA_UPDATED_EVENT = parseAbiItem(
  "event ReserveDataUpdated(address indexed reserve, uint256 liquidityRate, uint256 stableBorrowRate, uint256 variableBorrowRate, uint256 liquidityIndex, uint256 variableBorrowIndex)",
);

export type AavePoolLog = Log & { eventName: string; args: Record<string, unknown> };

/**
 * An address's logs at the pool, oldest first: supplies on its behalf, its withdrawals, borrows on its behalf
 * and repayments of its debt — all four index it right after the reserve, so one filter pages them — and
 * liquidations of it. Those index it third, and a filter's topics cannot say "second or third", so they take a
 * second filter. `newest`: only the newest that many (each filter's newest that many, merged: exact).
 */
export async function readAavePoolLogs(
  client: PublicClient,
  logs: LogReader,
  pool: Address,
  account: Address,
  fromBlock: bigint,
  newest?: number,
): Promise<AavePoolLog[]> {
  const [own, liquidations] = (await Promise.all([
    logs.getLogs(client, {
      address: pool,
      events: [AAVE_SUPPLY_EVENT, AAVE_WITHDRAW_EVENT, AAVE_BORROW_EVENT, AAVE_REPAY_EVENT],
      topics: [null, pad(account.toLowerCase() as Address)],
      fromBlock,
      newest,
    }),
    logs.getLogs(client, {
      address: pool,
      event: AAVE_LIQUIDATION_EVENT,
      args: { user: account },
      fromBlock,
      newest,
    }),
  ])) as AavePoolLog[][];
  const all = [...own, ...liquidations].sort(
    (a, b) => Number(a.blockNumber! - b.blockNumber!) || a.logIndex! - b.logIndex!,
  );
  return newest === undefined ? all : all.slice(-newest);
}

/** A move of an address's balance at the pool. */
export interface AaveBalanceMove {
  type: "supply" | "withdraw" | "borrow" | "repay" | "liquidation";
  /** the reserve whose balance it moved (a liquidation moves two: one entry for each) */
  reserve: Address;
  amount: bigint;
  blockNumber: bigint;
  blockTimestamp?: bigint | null;
  logIndex: number;
  transactionHash: `0x${string}`;
}

/** An address's history at the pool (`readAavePoolLogs`) as balance moves, a liquidation's two among them. */
export async function readAaveBalanceMoves(
  client: PublicClient,
  logs: LogReader,
  pool: Address,
  account: Address,
  fromBlock: bigint,
): Promise<AaveBalanceMove[]> {
  const moves: AaveBalanceMove[] = [];
  for (const l of await readAavePoolLogs(client, logs, pool, account, fromBlock)) {
    const base = {
      blockNumber: l.blockNumber!,
      blockTimestamp: (l as { blockTimestamp?: bigint | null }).blockTimestamp,
      logIndex: l.logIndex!,
      transactionHash: l.transactionHash!,
    };
    if (l.eventName !== "LiquidationCall") {
      moves.push({
        type: l.eventName.toLowerCase() as AaveBalanceMove["type"],
        reserve: getAddress(l.args.reserve as Address),
        amount: l.args.amount as bigint,
        ...base,
      });
      continue;
    }
    moves.push({
      type: "liquidation",
      reserve: getAddress(l.args.collateralAsset as Address),
      amount: l.args.liquidatedCollateralAmount as bigint,
      ...base,
    });
    moves.push({
      type: "liquidation",
      reserve: getAddress(l.args.debtAsset as Address),
      amount: l.args.debtToCover as bigint,
      ...base,
    });
  }
  return moves;
}
