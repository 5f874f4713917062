import { erc20Abi, formatUnits, type Hex, isAddressEqual, type PublicClient, parseEventLogs } from "viem";

/**
 * USDC that reached `to` from `from` in the delivery transaction, read from its receipt: the status reports
 * what happened on chain, not what the provider says it sent. Null when the transaction is not found.
 */
export async function deliveredAmount(
  client: PublicClient,
  txHash: Hex,
  token: { address: `0x${string}`; decimals: number },
  from: `0x${string}`,
  to: `0x${string}`,
): Promise<string | null> {
  const receipt = await client.getTransactionReceipt({ hash: txHash }).catch(() => null);
  if (receipt?.status !== "success") return null;
  const transfers = parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" }).filter(
    (log) =>
      isAddressEqual(log.address, token.address) &&
      isAddressEqual(log.args.from, from) &&
      isAddressEqual(log.args.to, to),
  );
  if (!transfers.length) return null;
  return formatUnits(
    transfers.reduce((sum, log) => sum + log.args.value, 0n),
    token.decimals,
  );
}
