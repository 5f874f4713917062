import { type Address, type Hex, type Log, type PublicClient, pad, parseAbiItem } from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import type { MorphoParams } from "./market.ts";

/** Morpho Blue's events (EventsLib), each declared once. */
export const MORPHO_EVENTS = {
  CreateMarket: parseAbiItem(
    "event CreateMarket(bytes32 indexed id, (address loanToken, address collateralToken, address oracle, address irm, uint256 lltv) marketParams)",
  ),
  Supply: parseAbiItem(
    "event Supply(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets, uint256 shares)",
  ),
  Withdraw: parseAbiItem(
    "event Withdraw(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets, uint256 shares)",
  ),
  Borrow: parseAbiItem(
    "event Borrow(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets, uint256 shares)",
  ),
  Repay: parseAbiItem(
    "event Repay(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets, uint256 shares)",
  ),
  SupplyCollateral: parseAbiItem(
    "event SupplyCollateral(bytes32 indexed id, address indexed caller, address indexed onBehalf, uint256 assets)",
  ),
  WithdrawCollateral: parseAbiItem(
    "event WithdrawCollateral(bytes32 indexed id, address caller, address indexed onBehalf, address indexed receiver, uint256 assets)",
  ),
  Liquidate: parseAbiItem(
    "event Liquidate(bytes32 indexed id, address indexed caller, address indexed borrower, uint256 repaidAssets, uint256 repaidShares, uint256 seizedAssets, uint256 badDebtAssets, uint256 badDebtShares)",
  ),
} as const;

type PositionEvent = Exclude<keyof typeof MORPHO_EVENTS, "CreateMarket">;

/** Where an event names the position's owner (onBehalf, or the borrower): the 2nd indexed field of some, the 3rd of others. */
const OWNER_TOPIC: Record<PositionEvent, 2 | 3> = {
  Withdraw: 2,
  Borrow: 2,
  WithdrawCollateral: 2,
  Supply: 3,
  Repay: 3,
  SupplyCollateral: 3,
  Liquidate: 3,
};

export type MorphoLog = Log & { eventName: string; args: Record<string, unknown> & { id: Hex } };

/**
 * The singleton's logs of `events` that name `account` as the position's owner, since `fromBlock`: two bounded
 * filters, one for the events naming it second, one for those naming it third (the first's logs first).
 */
export async function readOwnerLogs(
  client: PublicClient,
  logs: LogReader,
  morpho: Address,
  account: Address,
  fromBlock: bigint,
  events: readonly PositionEvent[],
): Promise<MorphoLog[]> {
  const topic = pad(account.toLowerCase() as Address);
  const of = (at: 2 | 3) => events.filter((e) => OWNER_TOPIC[e] === at).map((e) => MORPHO_EVENTS[e]);
  const [second, third] = await Promise.all([
    logs.getLogs(client, { address: morpho, events: of(2), topics: [null, topic], fromBlock }),
    logs.getLogs(client, { address: morpho, events: of(3), topics: [null, null, topic], fromBlock }),
  ]);
  return [...second, ...third] as MorphoLog[];
}

/** Every market the singleton created (its CreateMarket events, bounded pages from its deployment). */
export async function readCreatedMarkets(
  client: PublicClient,
  logs: LogReader,
  morpho: Address,
): Promise<{ id: Hex; params: MorphoParams }[]> {
  const created = (await logs.getLogs(client, {
    address: morpho,
    event: MORPHO_EVENTS.CreateMarket,
    fromBlock: await logs.deploymentBlock(client, morpho),
  })) as unknown as { args: { id: Hex; marketParams: MorphoParams } }[];
  return created.map(({ args }) => ({ id: args.id, params: args.marketParams }));
}

/** A borrower's movement in a market: collateral posted or withdrawn, the loan borrowed or repaid, a liquidation. */
export interface MorphoBorrowerEvent {
  type: "supply" | "withdraw" | "borrow" | "repay" | "liquidation";
  /** collateral or loan side */
  side: "collateral" | "loan";
  marketId: Hex;
  amount: bigint;
  blockNumber: bigint;
  blockTimestamp?: bigint | null;
  logIndex: number;
  transactionHash: `0x${string}`;
}

/**
 * `account`'s history as a borrower at the singleton since `fromBlock` — collateral posted and withdrawn, borrows,
 * repays, liquidations (both sides) — in chain order.
 */
export async function readBorrowerEvents(
  client: PublicClient,
  logs: LogReader,
  morpho: Address,
  account: Address,
  fromBlock: bigint,
): Promise<MorphoBorrowerEvent[]> {
  const found = await readOwnerLogs(client, logs, morpho, account, fromBlock, [
    "Borrow",
    "WithdrawCollateral",
    "Repay",
    "SupplyCollateral",
    "Liquidate",
  ]);
  const out: MorphoBorrowerEvent[] = [];
  for (const l of found) {
    const base = {
      marketId: l.args.id,
      blockNumber: l.blockNumber!,
      blockTimestamp: (l as { blockTimestamp?: bigint | null }).blockTimestamp,
      logIndex: l.logIndex!,
      transactionHash: l.transactionHash!,
    };
    const a = (k: string) => l.args[k] as bigint;
    switch (l.eventName) {
      case "SupplyCollateral":
        out.push({ ...base, type: "supply", side: "collateral", amount: a("assets") });
        break;
      case "WithdrawCollateral":
        out.push({ ...base, type: "withdraw", side: "collateral", amount: a("assets") });
        break;
      case "Borrow":
        out.push({ ...base, type: "borrow", side: "loan", amount: a("assets") });
        break;
      case "Repay":
        out.push({ ...base, type: "repay", side: "loan", amount: a("assets") });
        break;
      case "Liquidate":
        out.push({ ...base, type: "liquidation", side: "collateral", amount: a("seizedAssets") });
        out.push({ ...base, type: "liquidation", side: "loan", amount: a("repaidAssets") });
        break;
    }
  }
  return out.sort((x, y) => Number(x.blockNumber - y.blockNumber) || x.logIndex - y.logIndex);
}
