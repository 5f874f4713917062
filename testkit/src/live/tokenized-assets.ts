/** Helpers for tests of the tokenized-assets flows against the live stack `npm test` starts. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { minedReceipt } from "@compass/devnet";
import type { UnsignedTransaction } from "@compass/sdk";
import { type Address, erc20Abi, maxUint256 } from "viem";
import { DEVNET_BIN } from "../paths.ts";
import { devWallet, sendReturned } from "../wallet.ts";
import { addressBook, chainClient, testEnv } from "./env.ts";

/** The wire type, as the SDK generates it from the registry. */
export type UnsignedTx = UnsignedTransaction;

/** Signs and sends an UnsignedTransaction exactly as returned (gas, nonce, fees) with a dev key. */
export function sendUnsigned(devIndex: number, chain: string, tx: UnsignedTx) {
  return sendReturned(devWallet(devIndex, chain), tx);
}

export function tokenAddress(chain: string, symbol: string): Address {
  const token = addressBook().tokens?.[chain]?.[symbol];
  if (!token) throw new Error(`the devnet lists no ${symbol} on ${chain}`);
  return token.address;
}

export function tokenBalance(chain: string, symbol: string, who: Address): Promise<bigint> {
  return chainClient(chain).readContract({
    address: tokenAddress(chain, symbol),
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [who],
  });
}

export async function chainTime(chain: string): Promise<number> {
  return Number((await chainClient(chain).getBlock()).timestamp);
}

/** `npm run devnet -- time advance <s>`: moves every chain, then lets the twins act (no sleeping). */
export async function advanceDevnet(seconds: number): Promise<void> {
  await promisify(execFile)(process.execPath, [
    DEVNET_BIN,
    "time",
    "advance",
    String(Math.ceil(seconds)),
    "--dir",
    testEnv().devnetDir,
  ]);
}

/** The fund issuer's connect portal (the twin): register, then approve, a product account. */
export async function issuerPortal(action: "register" | "approve", account: Address) {
  const { url } = addressBook().twins.issuer!;
  const res = await fetch(`${url}/portal/api/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ account }),
  });
  if (!res.ok) throw new Error(`portal ${action}: ${res.status} ${await res.text()}`);
  return res.json();
}

export function issuerAddress(): Address {
  return addressBook().roles!.fund_issuer!.address;
}

/**
 * Dev account `devIndex` approves `spender` for `amount` of `token` (default unlimited) from its own key, as a
 * wallet would; fails unless the approval is mined.
 */
export async function approveAs(
  devIndex: number,
  chain: string,
  token: Address,
  spender: Address,
  amount: bigint = maxUint256,
): Promise<void> {
  const wallet = devWallet(devIndex, chain);
  const hash = await wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: "approve",
    args: [spender, amount],
  });
  const receipt = await minedReceipt(wallet, hash);
  if (receipt.status !== "success") throw new Error(`approving ${spender} on ${chain} reverted`);
}
