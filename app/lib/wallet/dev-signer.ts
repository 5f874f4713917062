"use client";
import { SIMPLE_7702_ACCOUNT, simple7702AccountAbi } from "@compass/constants";
import { type Chain, createWalletClient, encodeFunctionData, type Hex, http, publicActions } from "viem";
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

export interface DevCall {
  to: Hex;
  data?: Hex;
  value?: Hex;
}

/**
 * EIP-5792 `wallet_sendCalls` as wallets that support it do (MetaMask among them): the calls run atomically in one
 * transaction from the account to itself, executed by its EIP-7702 delegate — eth-infinitism's Simple7702Account,
 * the batch executor the API bundles through. The first batch carries the signed delegation (a type-4
 * transaction); later ones need none. The batch's id is its transaction hash.
 */
export async function sendDevCalls(account: PrivateKeyAccount, chain: Chain, calls: DevCall[]): Promise<Hex> {
  const client = createWalletClient({
    account,
    chain,
    transport: http(chain.rpcUrls.default.http[0]),
  }).extend(publicActions);
  const [code, nonce] = await Promise.all([
    client.getCode({ address: account.address }),
    client.getTransactionCount({ address: account.address, blockTag: "pending" }),
  ]);
  const delegated = code?.toLowerCase() === `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`;
  const authorizationList = delegated
    ? undefined
    : [
        await account.signAuthorization({
          address: SIMPLE_7702_ACCOUNT,
          chainId: chain.id,
          nonce: nonce + 1,
        }),
      ];
  return client.sendTransaction({
    to: account.address,
    nonce,
    data: encodeFunctionData({
      abi: simple7702AccountAbi,
      functionName: "executeBatch",
      args: [
        calls.map((c) => ({ target: c.to, value: c.value ? BigInt(c.value) : 0n, data: c.data ?? "0x" })),
      ],
    }),
    authorizationList,
  } as any);
}
