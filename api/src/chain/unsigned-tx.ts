import { type Address, type Hex, numberToHex, type PublicClient } from "viem";

export interface UnsignedTx {
  chainId: string;
  data: string;
  from: string;
  gas: string | null;
  to: string;
  value: string;
  nonce: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}

/**
 * The UnsignedTransaction for `from` to sign: gas estimated from the sender (which also proves the call
 * does not revert) with a 20 % margin, EIP-1559 fees, and the sender's next nonce, read in parallel.
 */
export async function unsignedTransaction(
  client: PublicClient,
  tx: { from: Address; to: Address; data: Hex; value?: bigint },
): Promise<UnsignedTx> {
  const value = tx.value ?? 0n;
  const [gas, fees, nonce] = await Promise.all([
    client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value }),
    client.estimateFeesPerGas(),
    client.getTransactionCount({ address: tx.from, blockTag: "pending" }),
  ]);
  return {
    chainId: numberToHex(client.chain!.id),
    data: tx.data,
    from: tx.from,
    gas: numberToHex((gas * 12n) / 10n),
    to: tx.to,
    value: numberToHex(value),
    nonce: numberToHex(nonce),
    maxFeePerGas: numberToHex(fees.maxFeePerGas),
    maxPriorityFeePerGas: numberToHex(fees.maxPriorityFeePerGas),
  };
}
