/** Perpetual-trading test helpers: the sponsor's relay, and independent venue/chain reads. */

import { BRIDGE2 } from "@compass/constants";
import { minedReceipt } from "@compass/devnet";
import { HttpTransport, InfoClient } from "@nktkas/hyperliquid";
import { type Address, erc20Abi, type Hex, parseEventLogs } from "viem";
import { roleWallet } from "../wallet.ts";
import { addressBook, usdcBalance } from "./env.ts";
import { afterSend, beforeSend } from "./simulation-check.ts";

/** The devnet's `sponsor` role: signs and broadcasts the relay transaction the API prepared. */
export async function sponsorBroadcast(tx: {
  to: string;
  data: string;
  gas: string | null;
  nonce: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
}) {
  const wallet = roleWallet("sponsor", "arbitrum");
  const simulated = await beforeSend({ ...tx, from: wallet.account.address });
  const hash = await wallet.sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    gas: tx.gas ? BigInt(tx.gas) : undefined,
    nonce: Number(tx.nonce),
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
  });
  const receipt = await minedReceipt(wallet, hash);
  if (receipt.status === "success") await afterSend(simulated, receipt);
  return receipt;
}

export const sponsorAddress = (): Address => addressBook().roles!.sponsor!.address;

/** USDC moved from `owner` into the bridge in this receipt (the bridge does not revert on a bad permit). */
export function bridgeTransfer(receipt: { logs: any[] }, owner: Address): bigint {
  const usdc = addressBook().chains.arbitrum!.contracts.USDC!.toLowerCase();
  return parseEventLogs({ abi: erc20Abi, logs: receipt.logs, eventName: "Transfer" })
    .filter((l) => l.address.toLowerCase() === usdc && l.args.from === owner && l.args.to === BRIDGE2)
    .reduce((sum, l) => sum + l.args.value, 0n);
}

/** The venue twin read directly, independently of the API. */
export function venueInfo(): InfoClient {
  return new InfoClient({ transport: new HttpTransport({ apiUrl: addressBook().twins.venue!.url }) });
}

export async function venueAccountValue(user: Address): Promise<number> {
  const state = await venueInfo().clearinghouseState({ user, dex: "xyz" });
  return (
    Number(state.marginSummary.accountValue) ||
    Number((await venueInfo().clearinghouseState({ user })).marginSummary.accountValue)
  );
}

export async function venuePosition(user: Address, coin: string) {
  const state = await venueInfo().clearinghouseState({ user, dex: "xyz" });
  return state.assetPositions.find((p) => p.position.coin === coin)?.position;
}

/** Polls `read` until `done` holds (or the time is up), returning the last value. */
export async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * What a sponsored deposit did: USDC moved from `owner` into the bridge (this receipt), the owner's USDC
 * on arbitrum since `usdcBefore`, and the venue's account value once it credits (waits for it).
 */
export async function depositLanded(
  receipt: { logs: any[] },
  owner: Address,
  before: { usdc: bigint; accountValue: number },
) {
  return {
    bridged: bridgeTransfer(receipt, owner),
    spent: before.usdc - (await usdcBalance("arbitrum", owner)),
    credited:
      (await until(
        () => venueAccountValue(owner),
        (v) => v > before.accountValue,
      )) - before.accountValue,
  };
}
