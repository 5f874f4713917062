import type { Address, Hex, TransactionReceipt } from "viem";
import { minedReceipt } from "../receipt.ts";
import type { DevnetClients } from "../rpc.ts";

/**
 * Sends a transaction from one of anvil's unlocked accounts and waits for it to be mined, failing
 * loudly on a revert: a half-bootstrapped chain is worse than none.
 */
export async function sendAndConfirm(
  clients: DevnetClients,
  tx: { from: Address; to: Address; data: Hex; what: string; value?: bigint; gas?: bigint },
): Promise<TransactionReceipt> {
  const hash = await clients.wallet.sendTransaction({
    account: tx.from,
    to: tx.to,
    data: tx.data,
    value: tx.value,
    gas: tx.gas,
    chain: null,
  });
  const receipt = await minedReceipt(clients.public, hash);
  if (receipt.status !== "success") throw new Error(`${tx.what} reverted (tx ${hash})`);
  return receipt;
}

export async function hasCode(clients: DevnetClients, address: Address): Promise<boolean> {
  const code = await clients.public.getCode({ address });
  return code !== undefined && code !== "0x";
}
