import { type Hash, type PublicClient, type TransactionReceipt, TransactionReceiptNotFoundError } from "viem";

/**
 * The receipt of `hash`, polled until the transaction is mined. Not viem's waitForTransactionReceipt: that
 * re-checks only when the block number moves, and anvil, mining on demand, may mine the transaction just
 * after the first check and then no other block — the wait then hangs until its timeout (seen under load).
 */
export async function minedReceipt(
  client: Pick<PublicClient, "getTransactionReceipt">,
  hash: Hash,
  options: { pollingInterval?: number; timeoutMs?: number } = {},
): Promise<TransactionReceipt> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
    }
    if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined in time`);
    await new Promise((r) => setTimeout(r, options.pollingInterval ?? 20));
  }
}
