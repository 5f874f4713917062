/** Dev wallets for tests: real keys of the devnet's funded accounts, signing real transactions. */
import { createWalletClient, defineChain, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { addressBook } from "./env.ts";

export function devWallet(index: number, chain: string) {
  const book = addressBook();
  const c = book.chains[chain]!;
  const account = privateKeyToAccount(book.accounts.dev[index]!.privateKey);
  return createWalletClient({
    account,
    chain: defineChain({
      id: c.chainId,
      name: chain,
      nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
    }),
    transport: http(c.rpcUrl),
  }).extend(publicActions);
}
