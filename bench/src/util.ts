import { readFileSync } from "node:fs";
import { minedReceipt } from "@compass/devnet";
import type { Stack } from "@compass/testkit/stack";
import { createWalletClient, defineChain, type Hex, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";

export function addressBookFor(stack: Stack): any {
  return JSON.parse(readFileSync(stack.devnet.addressBookPath, "utf8"));
}

/** The p-th percentile of ascending `sorted` samples (nearest rank): the one the load reports use. */
export { percentile } from "@compass/testkit";

/** Latencies (ms, ascending) of `samples` sequential calls of `call`, after `warmup` unmeasured ones. */
export async function timeSequential(
  call: () => Promise<void>,
  samples: number,
  warmup = 5,
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/**
 * Times several calls in turns (a, b, a, b, …) after `warmup` turns: a ratio of their times then compares them under
 * the same conditions, where two runs one after the other each met the machine in a different state (a 3 ms balance
 * read measured first, before the process had warmed, moved a ratio by a quarter). Each call's times, sorted.
 */
export async function timeInterleaved(
  calls: (() => Promise<void>)[],
  samples: number,
  warmup = 5,
): Promise<number[][]> {
  for (let i = 0; i < warmup; i++) for (const call of calls) await call();
  const times = calls.map(() => [] as number[]);
  for (let i = 0; i < samples; i++)
    for (const [j, call] of calls.entries()) {
      const t = performance.now();
      await call();
      times[j]!.push(performance.now() - t);
    }
  return times.map((t) => t.sort((a, b) => a - b));
}

/** Sends an UnsignedTransaction the API built with dev key `index` (straight to the chain, not through a counting proxy). */
export async function sendAsDev(book: any, index: number, chain: string, tx: any): Promise<void> {
  if (!tx) return;
  const c = book.chains[chain];
  const wallet = createWalletClient({
    account: privateKeyToAccount(book.accounts.dev[index].privateKey),
    chain: defineChain({
      id: c.chainId,
      name: chain,
      nativeCurrency: { name: "ETH", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [c.rpcUrl] } },
    }),
    transport: http(c.rpcUrl),
  }).extend(publicActions);
  const hash = await wallet.sendTransaction({
    to: tx.to as Hex,
    data: tx.data as Hex,
    gas: BigInt(tx.gas),
    nonce: Number(tx.nonce),
  });
  const receipt = await minedReceipt(wallet, hash);
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
}

/** POSTs `body` as JSON and returns the answer; anything but 200 throws with the body. */
export async function postOk(base: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}
