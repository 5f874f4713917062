"use client";
import { type Chain, createWalletClient, type Hex, http } from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";

/**
 * The dev wallet's signing half (secp256k1, viem's wallet actions), loaded when the dev wallet first needs
 * its keys, so an app that never uses the dev wallet (or production, which has none) never downloads it.
 */
export const accountsFromKeys = (keys: Hex[]): PrivateKeyAccount[] => keys.map((k) => privateKeyToAccount(k));

export interface DevTransaction {
  to?: Hex;
  data?: Hex;
  value?: string;
  gas?: string;
  nonce?: string | number;
}

/** Signs locally and sends through the chain's RPC. */
export function sendDevTransaction(
  account: PrivateKeyAccount,
  chain: Chain,
  tx: DevTransaction,
): Promise<Hex> {
  const client = createWalletClient({ account, chain, transport: http(chain.rpcUrls.default.http[0]) });
  return client.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: tx.value ? BigInt(tx.value) : undefined,
    gas: tx.gas ? BigInt(tx.gas) : undefined,
    nonce: tx.nonce !== undefined ? Number(tx.nonce) : undefined,
  } as any);
}
