import { parseEther, toHex } from "viem";
import { generatePrivateKey } from "viem/accounts";
import { keyWallet, type ReturnedTx, sendReturned } from "../wallet.ts";
import { chainClient } from "./env.ts";

/**
 * A fresh EOA on a devnet chain holding `eth` (set with anvil_setBalance, spending no dev account's nonce): a
 * user's wallet that has never delegated, so a test of EIP-7702 bundling starts where a real user does.
 */
export async function freshWallet(chain: string, eth = "10") {
  const wallet = keyWallet(generatePrivateKey(), chain);
  await chainClient(chain).request({
    method: "anvil_setBalance" as any,
    params: [wallet.account.address, toHex(parseEther(eth))] as any,
  });
  return wallet;
}

/** Signs and sends the transaction the bundler returned, as a wallet does (type 4 when it carries authorizations). */
export function sendBundle(wallet: ReturnType<typeof keyWallet>, tx: ReturnedTx) {
  return sendReturned(wallet, tx);
}
