import { type Address, formatEther, type Hex, numberToHex, type PublicClient } from "viem";
import { fieldError, type Loc } from "../http/errors.ts";

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
 * A sender who cannot pay for it is a 422 on `senderLoc`: the transaction would never be mined.
 */
export async function unsignedTransaction(
  client: PublicClient,
  tx: { from: Address; to: Address; data: Hex; value?: bigint },
  senderLoc: Loc,
): Promise<UnsignedTx> {
  const value = tx.value ?? 0n;
  const [estimate, fees, nonce, balance] = await Promise.all([
    client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value }),
    client.estimateFeesPerGas(),
    client.getTransactionCount({ address: tx.from, blockTag: "pending" }),
    client.getBalance({ address: tx.from }),
  ]);
  const gas = (estimate * 12n) / 10n;
  const cost = gas * fees.maxFeePerGas + value;
  if (balance < cost)
    throw fieldError(
      senderLoc,
      `The sender holds ${formatEther(balance)} ETH, less than the ${formatEther(cost)} ETH this transaction may cost`,
    );
  return {
    chainId: numberToHex(client.chain!.id),
    data: tx.data,
    from: tx.from,
    gas: numberToHex(gas),
    to: tx.to,
    value: numberToHex(value),
    nonce: numberToHex(nonce),
    maxFeePerGas: numberToHex(fees.maxFeePerGas),
    maxPriorityFeePerGas: numberToHex(fees.maxPriorityFeePerGas),
  };
}
