import {
  perpetualTradingDeposit,
  perpetualTradingDepositSponsorPrepare,
  perpetualTradingEnableUnifiedAccount,
  perpetualTradingPositions,
  perpetualTradingWithdraw,
} from "@compass/sdk";
import type { Address } from "viem";
import { networkOf, type VenueNetwork } from "./agent.ts";
import { type Prepared, withoutDomainType } from "./execute.ts";
import { ensureAgent, type FlowContext, formatOf, runSteps, wordsOf } from "./flow.ts";

const ARBITRUM = 42161;
/** The venue's Arbitrum bridge (Bridge2); widgets depend on the SDK only, so the address is repeated here. */
const BRIDGE2 = "0x2df1c51e09aecf9cacb7bc98cb1742757f163df7";

/** What a host's sponsor relays: the owner's signed permit (see /deposit/sponsor_prepare). */
export interface SponsorDepositRequest {
  owner: Address;
  amount_raw: number;
  deadline: number;
  signature: `0x${string}`;
}

/**
 * The host's gas sponsor: relays the permit from its own wallet (typically a server route holding the
 * sponsor key, which calls sponsor_prepare, signs, broadcasts and waits). Resolves with the transaction.
 */
export type SponsorDeposit = (request: SponsorDepositRequest) => Promise<{ txHash: `0x${string}` }>;

/**
 * Deposit: the owner signs a USDC permit (no gas); the host's sponsor relays it — or, without one, the
 * owner sends the relay transaction on Arbitrum and pays its gas. Then waits for the venue's credit, enables
 * the account for the traditional-asset markets and authorises this browser's agent key.
 */
export async function deposit(ctx: FlowContext, amount: string, sponsor?: SponsorDeposit): Promise<void> {
  const owner = ctx.signer.address;
  const t = ctx.transport;
  const before = Number((await perpetualTradingPositions(t, { owner })).account_value ?? 0);
  ctx.report({ status: "preparing", action: "deposit", label: wordsOf(ctx)("depositStep", { amount }) });
  const { permit, amount_raw } = await perpetualTradingDeposit(t, { owner, amount });
  // the permit is signed in USDC's domain on Arbitrum: the wallet must be there (it is asked to switch)
  await ctx.chain?.ensureChain(Number(permit.domain.chainId ?? ARBITRUM));
  ctx.report({
    status: "signing",
    action: "deposit",
    label: wordsOf(ctx)("permit"),
    step: 1,
    steps: 2,
  });
  const request: SponsorDepositRequest = {
    owner,
    amount_raw,
    deadline: Number((permit.message as { deadline: string }).deadline),
    signature: await ctx.signer.signTypedData(withoutDomainType(permit as never)),
  };
  ctx.report({ status: "submitting", action: "deposit", label: wordsOf(ctx)("relay") });
  const txHash = sponsor ? (await sponsor(request)).txHash : await relayYourself(ctx, request);
  ctx.report({
    status: "confirming",
    action: "deposit",
    label: wordsOf(ctx)("credit"),
    txHash,
  });
  await until(
    async () => Number((await perpetualTradingPositions(t, { owner })).account_value ?? 0) > before,
  );
  await setUpTrading(ctx);
  ctx.report({
    status: "success",
    action: "deposit",
    message: wordsOf(ctx)("deposited", { amount }),
    txHash,
  });
}

/**
 * Right after the credit, with the same wallet on its active chain: enable the traditional-asset markets
 * and authorise this browser's agent key, so the funds are usable at once (every order afterwards is
 * signed by the agent, without a prompt). A failure here loses nothing: the next order does the same.
 */
async function setUpTrading(ctx: FlowContext): Promise<void> {
  let network: VenueNetwork | undefined;
  await runSteps(ctx, "deposit", [
    {
      label: wordsOf(ctx)("enable"),
      prepare: async (signature_chain_id) => {
        const p = await perpetualTradingEnableUnifiedAccount(ctx.transport, {
          owner: ctx.signer.address,
          signature_chain_id,
        });
        if (!p.typed_data) return null;
        network = networkOf(p as Prepared);
        return p as Prepared;
      },
    },
  ]);
  if (network) await ensureAgent(ctx, { action: "deposit", step: 1, steps: 1 }, network);
}

/** `Transfer(address,address,uint256)`: read from the raw log, no ABI decoder needed for three topics. */
const TRANSFER = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
interface RawLog {
  topics: string[];
}
const topicAddress = (topic: string | undefined) =>
  topic ? `0x${topic.slice(-40)}`.toLowerCase() : undefined;

/** No sponsor: the owner broadcasts the bridge call and pays Arbitrum gas; success means USDC moved. */
async function relayYourself(ctx: FlowContext, request: SponsorDepositRequest): Promise<`0x${string}`> {
  if (!ctx.chain)
    throw new Error("This wallet cannot send the deposit transaction, and no sponsor is configured");
  const { transaction, simulation } = await perpetualTradingDepositSponsorPrepare(ctx.transport, {
    ...request,
    sender: request.owner,
  });
  // what the transaction does, from the API's simulation of it, shown before the wallet opens
  const sent = simulation?.asset_changes.find(
    (c) => c.holder.toLowerCase() === request.owner.toLowerCase() && c.token.symbol === "USDC",
  );
  if (simulation && sent?.amount)
    ctx.report({
      status: "signing",
      action: "deposit",
      label: wordsOf(ctx)("depositPreview", { amount: formatOf(ctx).number(sent.amount.replace("-", "")) }),
      step: 2,
      steps: 2,
    });
  const hash = await ctx.chain.sendTransaction(transaction);
  const receipt = await ctx.chain.waitForReceipt(hash);
  const moved = (receipt.logs as RawLog[]).some(
    (l) =>
      l.topics[0] === TRANSFER &&
      topicAddress(l.topics[1]) === request.owner.toLowerCase() &&
      topicAddress(l.topics[2]) === BRIDGE2,
  );
  // The bridge does not revert on a failed permit: without the Transfer, nothing was deposited.
  if (receipt.status !== "success" || !moved)
    throw new Error(`The deposit transaction ${hash} moved no USDC`);
  return hash;
}

export async function withdraw(ctx: FlowContext, amount: string, destination?: Address): Promise<void> {
  const owner = ctx.signer.address;
  await runSteps(ctx, "withdraw", [
    {
      label: wordsOf(ctx)("withdrawStep", { amount }),
      prepare: (signature_chain_id) =>
        perpetualTradingWithdraw(ctx.transport, { owner, amount, destination, signature_chain_id }),
    },
  ]);
  const paid = (Number(amount) - 1).toFixed(2);
  ctx.report({
    status: "success",
    action: "withdraw",
    message: wordsOf(ctx)("withdrawn", { amount: paid }),
  });
}

async function until(done: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end)
      throw new Error("The venue has not credited the deposit yet; it will appear shortly");
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
