/** Local-key wallets for tests: real keys of the devnet's funded accounts, signing real transactions and typed data. */
import { minedReceipt } from "@compass/devnet";
import {
  type Address,
  createWalletClient,
  type Hex,
  http,
  publicActions,
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { addressBook, devnetChain } from "./live/env.ts";
import { afterSend, beforeSend } from "./live/simulation-check.ts";

/** A wallet over `privateKey` on a devnet chain, with public actions (receipts, reads). */
export function keyWallet(privateKey: Hex, chain: string) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain: devnetChain(chain),
    transport: http(),
    cacheTime: 0,
  }).extend(publicActions);
}

/** Dev account `index` of the address book. */
export function devWallet(index: number, chain: string) {
  return keyWallet(addressBook().accounts.dev[index]!.privateKey, chain);
}

/** The key of a devnet role (sponsor, fund_issuer, …). */
export function roleWallet(role: string, chain: string) {
  const key = addressBook().roles?.[role]?.privateKey;
  if (!key) throw new Error(`the devnet has no ${role} role`);
  return keyWallet(key, chain);
}

/** A key that signs the API's typed data locally (permits and venue actions alike). */
export function keySigner(privateKey: Hex) {
  const account = privateKeyToAccount(privateKey);
  return {
    address: account.address,
    sign: (typedData: any): Promise<Hex> => account.signTypedData(typedData),
  };
}

/** Dev account `index` of the address book as a typed-data signer. */
export function trader(index: number) {
  return keySigner(addressBook().accounts.dev[index]!.privateKey);
}

/** A transaction as the API returns it: hex quantities, and the EIP-7702 authorizations of a bundle. */
export interface ReturnedTx {
  from: string;
  to: string;
  data: string;
  value: string;
  gas: string | null;
  nonce: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  authorizationList?: {
    nonce: number;
    address: string;
    chainId: number;
    r: string;
    s: string;
    yParity: number;
  }[];
}

/**
 * Signs and sends a transaction exactly as the API returned it (gas, nonce, fees; type 4 when it carries
 * authorizations) and waits for it, failing on a revert.
 */
export async function sendReturned(
  wallet: ReturnType<typeof keyWallet>,
  tx: ReturnedTx,
  where = "",
): Promise<TransactionReceipt> {
  if (tx.from.toLowerCase() !== wallet.account.address.toLowerCase())
    throw new Error(`transaction is from ${tx.from}, not ${wallet.account.address}`);
  const simulated = await beforeSend(tx, wallet as never);
  const hash = await wallet.sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value),
    gas: tx.gas ? BigInt(tx.gas) : undefined,
    nonce: Number(tx.nonce),
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
    ...(tx.authorizationList && {
      authorizationList: tx.authorizationList.map((a) => ({
        address: a.address as Address,
        chainId: a.chainId,
        nonce: a.nonce,
        r: a.r as Hex,
        s: a.s as Hex,
        yParity: a.yParity,
      })),
    }),
  });
  const receipt = await minedReceipt(wallet, hash);
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted${where}`);
  await afterSend(simulated, receipt);
  return receipt;
}
