import { type Address, getAddress, type Hex, parseAbiItem } from "viem";
import type { IssuerChain } from "./chain.ts";
import { cycleFor } from "./cycles.ts";
import type { IssuerState, Order, OrderKind } from "./state.ts";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");
/** Blocks per eth_getLogs request, so a long-stopped twin catches up in bounded steps. */
const MAX_RANGE = 5_000;

/**
 * Turns new transfers to the issuer into orders: USDC to the deposit address is a subscription, fund
 * shares sent back are a redemption. A transfer from an account the fund has not approved is recorded
 * as rejected (and refunded at the next pass). Returns whether the state moved (new blocks seen).
 */
export async function scanTransfers(chain: IssuerChain, state: IssuerState): Promise<boolean> {
  const latest = Number(await chain.client.getBlockNumber());
  if (latest <= state.cursor) return false;
  const fromBlock = BigInt(state.cursor + 1);
  const toBlock = BigInt(Math.min(latest, state.cursor + MAX_RANGE));
  const [usdcLogs, shareLogs] = await Promise.all(
    [chain.usdc, chain.fundToken].map((address) =>
      chain.client.getLogs({ address, event: TRANSFER, args: { to: chain.issuer }, fromBlock, toBlock }),
    ),
  );
  const incoming = [
    ...usdcLogs.map((log) => ({ log, kind: "subscription" as OrderKind })),
    ...shareLogs
      .filter((l) => BigInt(l.args.from!) !== 0n)
      .map((log) => ({ log, kind: "redemption" as OrderKind })),
  ].sort((a, b) => Number(a.log.blockNumber - b.log.blockNumber) || a.log.logIndex - b.log.logIndex);
  const timestamps = new Map<bigint, number>();
  for (const { log, kind } of incoming) {
    const from = getAddress(log.args.from!);
    const known = state.accounts[from.toLowerCase()];
    if (!known && kind === "subscription") continue; // not a fund order: any USDC sent to the issuer
    if (state.orders.some((o) => o.tx_hash === log.transactionHash && o.log_index === log.logIndex)) continue;
    let at = timestamps.get(log.blockNumber);
    if (at === undefined) {
      at = Number((await chain.client.getBlock({ blockNumber: log.blockNumber })).timestamp);
      timestamps.set(log.blockNumber, at);
    }
    state.orders.push(newOrder(state, kind, from, log.args.value!, at, log.transactionHash, log.logIndex));
  }
  state.cursor = Number(toBlock);
  return true;
}

function newOrder(
  state: IssuerState,
  kind: OrderKind,
  account: Address,
  amount: bigint,
  at: number,
  txHash: Hex,
  logIndex: number,
): Order {
  const cycle = cycleFor(at);
  const holder = state.accounts[account.toLowerCase()];
  const refusal =
    kind === "subscription" && holder?.status !== "approved"
      ? "account is not approved by the fund's connect portal"
      : kind === "subscription" && state.subscriptions_paused
        ? "subscriptions are paused"
        : null;
  return {
    id: state.next_order_id++,
    kind,
    account,
    amount_in: amount.toString(),
    amount_out: null,
    nav: null,
    requested_at: at,
    cycle_date: cycle.date,
    cycle_at: cycle.at,
    status: refusal ? "rejected" : "pending",
    settled_at: null,
    tx_hash: txHash,
    log_index: logIndex,
    settlement_tx_hash: null,
    reason: refusal,
  };
}
