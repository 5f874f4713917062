import type { Transport } from "@compass/sdk";
import { type Format, formatter, type Translate } from "../kit/i18n.ts";
import {
  type AgentStore,
  agentSigner,
  agentStore,
  agentUnknown,
  approveAgentAction,
  createAgent,
  isL1,
  networkOf,
  type StoredAgent,
  type VenueNetwork,
} from "./agent.ts";
import { englishPerps, isChainMismatch } from "./errors.ts";
import { type Prepared, type Signer, signAndExecute } from "./execute.ts";
import type { PerpsMessages } from "./messages.ts";
import type { PerpetualTradingAction, PerpetualTradingLifecycle } from "./status.ts";

/** Everything a flow touches: the API, the wallet, the agent keys, and where progress is reported. */
export interface FlowContext {
  transport: Transport;
  /** the owner's wallet: permits and user-signed actions (approveAgent, enable trading, withdraw…) */
  signer: Signer;
  report(status: PerpetualTradingLifecycle): void;
  /** the host's partner builder fee, attached to every order when set */
  builder?: { address: string; maxFeeRate: string };
  /** the wallet's chain operations, for deposits the owner relays themselves */
  chain?: ChainOps;
  /** where this browser keeps its agent keys (default: localStorage, per origin, owner and network) */
  agents?: AgentStore;
  /** the widget's messages in its locale (default: English): step labels and outcomes are built from them */
  t?: Translate<PerpsMessages>;
  /** numbers and currencies in the widget's locale (default: English) */
  format?: Format;
}

/** The flow's words: the widget's locale, else English. */
export const wordsOf = (ctx: Pick<FlowContext, "t">): Translate<PerpsMessages> => ctx.t ?? englishPerps;

/** The flow's numbers: the widget's locale, else English. */
export const formatOf = (ctx: Pick<FlowContext, "format">): Format => ctx.format ?? formatter("en");

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

/**
 * One action of a multi-step flow: prepared lazily, so each sees the venue after the previous one.
 * `signatureChainId` is the wallet's active chain, for user-signed actions (L1 actions ignore it).
 */
export interface Step {
  label: string;
  prepare(signatureChainId: number): Promise<Prepared | null>;
}

type Reply = Awaited<ReturnType<typeof signAndExecute>>;

/**
 * Prepares and executes `steps` in order, reporting each; returns the last reply. L1 actions are signed by
 * this browser's agent key (authorised first when there is none), user-signed ones by the wallet on its
 * active chain.
 */
export async function runSteps(ctx: FlowContext, action: PerpetualTradingAction, steps: Step[]) {
  let last: Reply | undefined;
  for (const [i, step] of steps.entries()) {
    ctx.report({ status: "preparing", action, label: step.label });
    const prepared = await step.prepare(await ctx.signer.chainId());
    if (!prepared) continue;
    const progress = { action, label: step.label, step: i + 1, steps: steps.length };
    last = isL1(prepared)
      ? await agentExecute(ctx, progress, prepared)
      : await ownerExecute(ctx, progress, step, prepared);
  }
  return last;
}

type Progress = { action: PerpetualTradingAction; label: string; step: number; steps: number };

/**
 * The wallet signs a user-signed action prepared for its active chain. When it refuses the chain (the
 * person switched network between preparation and signature), the action is prepared again for the chain
 * the wallet is on now and signed once more — never a dead end.
 */
async function ownerExecute(ctx: FlowContext, p: Progress, step: Step, prepared: Prepared): Promise<Reply> {
  const attempt = (x: Prepared) => {
    ctx.report({ status: "signing", ...p });
    return signAndExecute(ctx.transport, ctx.signer, x, () =>
      ctx.report({ status: "submitting", action: p.action, label: p.label }),
    );
  };
  try {
    return await attempt(prepared);
  } catch (error) {
    if (!isChainMismatch(error)) throw error;
    const now = await ctx.signer.chainId();
    if (now === Number(prepared.typed_data.domain.chainId)) throw error;
    const again = await step.prepare(now);
    if (!again) throw error;
    return attempt(again);
  }
}

/** An L1 action signed by the agent key, without a prompt; a key the venue forgot is replaced once. */
async function agentExecute(ctx: FlowContext, p: Progress, prepared: Prepared): Promise<Reply> {
  const network = networkOf(prepared);
  if (!network) throw new Error("The API prepared an action for an unknown venue network");
  const store = ctx.agents ?? agentStore();
  let agent = await ensureAgent(ctx, p, network, store);
  const send = (a: StoredAgent) => {
    ctx.report({ status: "submitting", action: p.action, label: p.label });
    return signAndExecute(ctx.transport, agentSigner(a), prepared);
  };
  try {
    return await send(agent);
  } catch (error) {
    // revoked, replaced from another device, or expired at the venue: authorise a new key and retry
    if (!agentUnknown(error, agent.address)) throw error;
    store.drop(ctx.signer.address, network);
    agent = await ensureAgent(ctx, p, network, store);
    return send(agent);
  }
}

/**
 * This browser's live agent for the owner on `network`; when there is none (first use, expired, dropped),
 * a new key the owner authorises with one `approveAgent` signature on the wallet's active chain.
 */
export async function ensureAgent(
  ctx: FlowContext,
  p: Omit<Progress, "label">,
  network: VenueNetwork,
  store: AgentStore = ctx.agents ?? agentStore(),
): Promise<StoredAgent> {
  const owner = ctx.signer.address;
  const existing = store.load(owner, network);
  if (existing) return existing;
  const agent = createAgent();
  const label = wordsOf(ctx)("agent");
  const step: Step = { label, prepare: async (chainId) => approveAgentAction(agent, network, chainId) };
  ctx.report({ status: "preparing", action: p.action, label });
  const approval = (await step.prepare(await ctx.signer.chainId()))!;
  await ownerExecute(ctx, { ...p, label }, step, approval);
  store.save(owner, network, agent);
  return agent;
}
