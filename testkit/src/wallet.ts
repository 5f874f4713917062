/** Local-key wallets for tests: real keys of the devnet's funded accounts, signing real transactions and typed data. */
import { createWalletClient, type Hex, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { addressBook, devnetChain } from "./live/env.ts";

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
