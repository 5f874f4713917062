import type { Transport } from "@compass/sdk";
import { type Prepared, type Signer, signAndExecute } from "./execute.ts";
import type { PerpetualTradingAction, PerpetualTradingLifecycle } from "./status.ts";

/** Everything a flow touches: the API, the wallet, and where progress is reported. */
export interface FlowContext {
  transport: Transport;
  signer: Signer;
  report(status: PerpetualTradingLifecycle): void;
  /** the host's partner builder fee, attached to every order when set */
  builder?: { address: string; maxFeeRate: string };
  /** the wallet's chain operations, for deposits the owner relays themselves */
  chain?: ChainOps;
}

export interface ChainOps {
  /** asks the wallet to switch chain when it is elsewhere (a no-op when it cannot) */
  ensureChain(chainId: number): Promise<void>;
  sendTransaction(tx: {
    to: string;
    data: string;
    gas: string | null;
    maxFeePerGas: string;
    maxPriorityFeePerGas: string;
    chainId: string;
  }): Promise<`0x${string}`>;
  waitForReceipt(hash: `0x${string}`): Promise<{ status: "success" | "reverted"; logs: unknown[] }>;
}

/** One signature of a multi-step flow: prepared lazily, so each sees the venue after the previous one. */
export interface Step {
  label: string;
  prepare(): Promise<Prepared | null>;
}

/** Prepares, signs and executes `steps` in order, reporting each; returns the last reply. */
export async function runSteps(ctx: FlowContext, action: PerpetualTradingAction, steps: Step[]) {
  let last: Awaited<ReturnType<typeof signAndExecute>> | undefined;
  for (const [i, step] of steps.entries()) {
    ctx.report({ status: "preparing", action, label: step.label });
    const prepared = await step.prepare();
    if (!prepared) continue;
    ctx.report({ status: "signing", action, label: step.label, step: i + 1, steps: steps.length });
    last = await signAndExecute(ctx.transport, ctx.signer, prepared, () =>
      ctx.report({ status: "submitting", action, label: step.label }),
    );
  }
  return last;
}
