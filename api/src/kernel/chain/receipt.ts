import { type Hash, type PublicClient, type TransactionReceipt, TransactionReceiptNotFoundError } from "viem";

/**
 * The receipt of `hash`, polled until the transaction is mined (or `timeoutMs` passes). Not viem's
 * waitForTransactionReceipt, which re-checks only when the block number moves: a chain that mines on demand
 * (anvil, the devnet) can mine the transaction just after the first check and then no other block.
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
    await new Promise((r) => setTimeout(r, options.pollingInterval ?? 250));
  }
}
