import { type Address, getAddress, type Log, type PublicClient, parseEventLogs } from "viem";
import { AAVE_RESERVE_DATA_UPDATED_EVENT } from "./events.ts";
import type { AaveMarket } from "./market.ts";
import { scaledOf } from "./rates.ts";

/** A supply or withdrawal of an account, with the reserve's liquidity index of its block (ray). */
export interface AaveFlow {
  kind: "deposit" | "withdrawal";
  reserve: Address;
  amount: bigint;
  /** amount in scaled aToken units: what interest never changes */
  scaled: bigint;
  blockNumber: bigint;
  /** when the node returns it with the log: no block read for the time */
  blockTimestamp?: bigint | null;
  logIndex: number;
  transactionHash: `0x${string}`;
}

/**
 * The liquidity index each reserve was updated to in a transaction, by chain and transaction hash: a mined
 * transaction's receipt never changes, so each is read once however often an account's positions are.
 */
const txIndexes = new Map<string, Map<string, bigint>>();

type FlowLog = {
  args: { reserve: Address; amount: bigint };
  blockNumber: bigint;
  blockTimestamp?: bigint | null;
  logIndex: number;
  transactionHash: `0x${string}`;
};

/**
 * An account's supplies (Supply logs on its behalf) and withdrawals (its Withdraw logs), at any reserve of the
 * market, as flows in scaled units, oldest first. The index comes from the `ReserveDataUpdated` the pool emits in
 * the same transaction (updateState runs first), read from the transaction's receipt — no archive state needed.
 * Logs of other contracts are left out.
 */
export async function aaveFlowsOf(
  client: PublicClient,
  market: AaveMarket,
  logs: { supplies: Log[]; withdrawals: Log[] },
): Promise<AaveFlow[]> {
  const atPool = (l: Log) => l.address.toLowerCase() === market.pool.toLowerCase();
  const [supplies, withdrawals] = [
    logs.supplies.filter(atPool),
    logs.withdrawals.filter(atPool),
  ] as unknown as FlowLog[][];
  const chainId = client.chain!.id;
  const missing = [...new Set([...supplies!, ...withdrawals!].map((l) => l.transactionHash))].filter(
    (hash) => !txIndexes.has(`${chainId}:${hash}`),
  );
  await Promise.all(
    missing.map(async (hash) => {
      const receipt = await client.getTransactionReceipt({ hash });
      const updates = parseEventLogs({
        abi: [AAVE_RESERVE_DATA_UPDATED_EVENT],
        logs: receipt.logs.filter((l) => l.address.toLowerCase() === market.pool.toLowerCase()),
      });
      if (txIndexes.size > 10_000) txIndexes.clear();
      txIndexes.set(
        `${chainId}:${hash}`,
        new Map(updates.map((u) => [u.args.reserve.toLowerCase(), u.args.liquidityIndex])),
      );
    }),
  );
  const indexOf = (hash: `0x${string}`, reserve: Address): bigint => {
    const index = txIndexes.get(`${chainId}:${hash}`)?.get(reserve.toLowerCase());
    if (index === undefined) throw new Error(`no ReserveDataUpdated for ${reserve} in ${hash}`);
    return index;
  };
  const flow = (kind: AaveFlow["kind"]) => (l: FlowLog) => {
    const reserve = getAddress(l.args.reserve);
    return {
      kind,
      reserve,
      amount: l.args.amount,
      scaled: scaledOf(l.args.amount, indexOf(l.transactionHash, reserve)),
      blockNumber: l.blockNumber,
      blockTimestamp: l.blockTimestamp,
      logIndex: l.logIndex,
      transactionHash: l.transactionHash,
    };
  };
  return [...supplies!.map(flow("deposit")), ...withdrawals!.map(flow("withdrawal"))].sort(
    (a, b) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex,
  );
}
