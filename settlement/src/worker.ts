import { formatUnits, isAddressEqual } from "viem";
import type { SettlementChain } from "./chain.ts";
import { listSessions, type ProviderSession, TERMINAL } from "./provider.ts";
import type { SettlementState, StateFile } from "./state.ts";

export interface PassResult {
  /** sessions whose USDC this pass forwarded (or found forwarded) */
  settled: string[];
  /** paid sessions it could not settle yet (retried next pass) */
  failed: { id: string; error: string }[];
}

export interface WorkerDeps {
  chain: SettlementChain;
  provider: { url: string; apiKey: string };
  store: StateFile;
  startCreated: number;
  log?: (line: string) => void;
}

/**
 * One settlement worker. A pass lists the provider's sessions created since the cursor; each paid
 * (`fulfillment_complete`) one-time-wallet session not settled yet is settled: if its wallet already emitted
 * `Forwarded` (a pass that died after sending) that transaction is recorded, else, when the wallet holds USDC,
 * `deployAndForward` is sent. The contract pays only the recipient the address commits to and a second
 * forward of an empty wallet is a no-op, so neither a crash nor a second worker can pay twice. The cursor
 * moves past a session only once nothing about it can still need the worker (settled, rejected, or not a
 * one-time wallet), and is on disk before a pass ends.
 */
export function createWorker(deps: WorkerDeps) {
  const { chain, store } = deps;
  const log = deps.log ?? ((line: string) => console.log(line));
  const state: SettlementState = store.load(deps.startCreated);

  async function settle(s: ProviderSession & { wallet: `0x${string}`; recipient: `0x${string}` }) {
    const fromBlock = s.paymentTx ? await chain.blockOf(s.paymentTx) : undefined;
    let forward = await chain.findForward(s.wallet, fromBlock);
    if (!forward) {
      const balance = await chain.balanceOf(s.wallet);
      if (balance === 0n) throw new Error(`${s.wallet} holds no USDC and never forwarded (not paid yet?)`);
      forward = await chain.deployAndForward(s.recipient, s.salt!, (hash) =>
        log(
          `${s.id}: forwarding ${formatUnits(balance, 6)} USDC from ${s.wallet} to ${s.recipient} in ${hash}`,
        ),
      );
      // A forward sent by a worker that died before it was mined may have landed first, making this one
      // the no-op: record the forward that moved the USDC.
      if (forward.amount === 0n) forward = (await chain.findForward(s.wallet, fromBlock)) ?? forward;
    }
    state.settled[s.id] = {
      wallet: s.wallet,
      forwardTx: forward.txHash,
      amount: formatUnits(forward.amount, 6),
      settledAt: Math.floor(Date.now() / 1000),
      created: s.created,
    };
    store.save(state);
    log(`${s.id}: delivered ${formatUnits(forward.amount, 6)} USDC to ${s.recipient} (${forward.txHash})`);
  }

  async function pass(signal?: AbortSignal): Promise<PassResult> {
    const result: PassResult = { settled: [], failed: [] };
    let pinned: number | undefined;
    let newest = state.cursor;
    const pin = (created: number) => {
      pinned = pinned === undefined ? created : Math.min(pinned, created);
    };
    for await (const s of listSessions(deps.provider, state.cursor, signal)) {
      newest = Math.max(newest, s.created);
      if (state.settled[s.id]) continue;
      const ours =
        s.wallet && s.recipient && s.salt && isAddressEqual(chain.walletOf(s.recipient, s.salt), s.wallet);
      if (!ours) continue; // not a one-time wallet of ours: nothing to forward
      if (!TERMINAL.has(s.status)) {
        pin(s.created);
        continue;
      }
      if (s.status !== "fulfillment_complete") continue;
      try {
        await settle(s as Parameters<typeof settle>[0]);
        result.settled.push(s.id);
      } catch (error) {
        const message = (error as Error).message.split("\n")[0]!;
        log(`${s.id}: not settled yet: ${message}`);
        result.failed.push({ id: s.id, error: message });
        pin(s.created);
      }
    }
    const cursor = pinned ?? newest;
    if (cursor !== state.cursor) {
      state.cursor = cursor;
      // what lies before the cursor is never listed again
      for (const [id, done] of Object.entries(state.settled))
        if (done.created < cursor) delete state.settled[id];
      store.save(state);
    }
    return result;
  }

  /** Passes every `intervalMs` until `signal` aborts; a failed pass is logged and retried. */
  async function run(intervalMs: number, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      await pass(signal).catch((error) => {
        if (!signal.aborted) log(`settlement pass failed: ${(error as Error).message.split("\n")[0]}`);
      });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, intervalMs);
        const abort = () => {
          clearTimeout(timer);
          resolve();
        };
        signal.addEventListener("abort", abort, { once: true });
      });
    }
  }

  return { pass, run, state };
}
