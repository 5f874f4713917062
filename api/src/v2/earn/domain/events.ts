import { type Address, type Log, type PublicClient, pad, toEventSelector } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { SAFE } from "../../../product-accounts/index.ts";
import { AAVE_SUPPLY_EVENT, AAVE_WITHDRAW_EVENT } from "../../../protocols/aave/index.ts";
import { VAULT_DEPOSIT_EVENT, VAULT_WITHDRAW_EVENT } from "../../../protocols/erc4626/index.ts";
import { PENDLE_MARKET_SWAP_EVENT } from "../../../protocols/pendle/index.ts";

export interface AccountEvents {
  /** ERC-4626 Deposit with the account as `owner`, at any contract */
  vaultDeposits: Log[];
  /** ERC-4626 Withdraw with the account as `owner`, at any contract (paying the account; all if `complete`) */
  vaultWithdrawals: Log[];
  /** Aave Supply on behalf of the account and Withdraw by it, at any contract (the caller keeps its pool's) */
  aaveSupplies: Log[];
  aaveWithdrawals: Log[];
  /** Pendle market swaps paying the account (PT bought) */
  pendleSwaps: Log[];
  /** the head block the logs are complete up to */
  head: bigint;
  /** whether withdrawals the account paid to others were read too */
  complete: boolean;
}

const inFlight = new Map<string, Promise<AccountEvents>>();

type Decoded = Log & { args: Record<string, unknown>; topics: readonly `0x${string}`[] };

const VAULT_WITHDRAW_TOPIC = toEventSelector(VAULT_WITHDRAW_EVENT);

/**
 * Everything the account did in vaults and Aave on one chain, in one eth_getLogs per page window: the events
 * whose second topic is the account — ERC-4626 Deposit (owner), Aave Supply (onBehalfOf), Aave Withdraw
 * (user), ERC-4626 Withdraw (receiver: the account's own withdrawals pay the account) and a Pendle market's
 * Swap (receiver: PT bought) — from the Safe
 * factory's deployment (no account predates it). `complete` adds ERC-4626 Withdraws by the account that paid
 * someone else (owner is the third topic), a second filter read only when the shares the events leave differ
 * from the vault's balance. Concurrent reads of the same account share one fetch.
 */
export function readAccountEvents(
  client: PublicClient,
  logs: LogReader,
  account: Address,
  complete = false,
): Promise<AccountEvents> {
  const key = `${client.chain?.id}|${account.toLowerCase()}|${complete}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      const fromBlock = await logs.deploymentBlock(client, SAFE.proxyFactory);
      const topic = pad(account.toLowerCase() as Address);
      const [second, paidElsewhere] = (await Promise.all([
        logs.getLogs(client, {
          events: [
            VAULT_DEPOSIT_EVENT,
            AAVE_SUPPLY_EVENT,
            AAVE_WITHDRAW_EVENT,
            VAULT_WITHDRAW_EVENT,
            PENDLE_MARKET_SWAP_EVENT,
          ],
          topics: [null, topic],
          fromBlock,
        }),
        complete
          ? logs.getLogs(client, { event: VAULT_WITHDRAW_EVENT, args: { owner: account }, fromBlock })
          : [],
      ])) as Decoded[][];
      const named = (name: string) =>
        second.filter(
          (l) => (l as { eventName?: string }).eventName === name && l.topics[0] !== VAULT_WITHDRAW_TOPIC,
        );
      const seen = new Set<string>();
      const vaultWithdrawals = [
        ...second.filter((l) => l.topics[0] === VAULT_WITHDRAW_TOPIC),
        ...paidElsewhere,
      ]
        // paid to the account but redeemed from someone else's shares: not the account's
        .filter((l) => String(l.args.owner).toLowerCase() === account.toLowerCase())
        .filter((l) => {
          const id = `${l.transactionHash}:${l.logIndex}`;
          return !seen.has(id) && !!seen.add(id);
        });
      return {
        vaultDeposits: named("Deposit"),
        vaultWithdrawals,
        aaveSupplies: named("Supply"),
        aaveWithdrawals: named("Withdraw"),
        pendleSwaps: named("Swap"),
        head: logs.lastHead(client)!,
        complete,
      };
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}
