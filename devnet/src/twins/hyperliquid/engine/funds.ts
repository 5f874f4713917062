import type { Core } from "./core.ts";
import { formatUsd, parseUsd } from "./decimal.ts";
import { XYZ_DEX } from "./dexes.ts";
import { summarize } from "./margin.ts";
import { SPOT_DEX, usdcWireToken } from "./spot.ts";
import type { Payout } from "./state.ts";
import { sampleHistory } from "./sync.ts";

/**
 * Money in and out. Deposits arrive from the bridge as credits keyed by the deposit's transaction
 * hash, so the watcher that reports them may repeat itself safely. Withdrawals (withdraw3) debit
 * the account at once and queue a payout for the bridge side, which the devnet pays on chain.
 */

export function credit(core: Core, user: string, micro: number, txHash: string): { credited: boolean } {
  const key = txHash.toLowerCase();
  if (core.state.credits[key]) return { credited: false };
  if (!(micro > 0) || !Number.isSafeInteger(micro))
    throw new RangeError("deposit amount must be a positive number of micro-USDC");
  const account = core.account(user);
  account.balance += micro;
  account.funded = true;
  core.state.credits[key] = { user, micro, time: core.now };
  sampleHistory(core, user);
  return { credited: true };
}

/** Error text, or the queued payout. */
export function withdraw(
  core: Core,
  user: string,
  destination: string,
  amount: string,
  nonce: number,
): string | Payout {
  const micro = parseUsd(amount);
  if (micro === undefined) return "Invalid decimal number";
  if (micro <= core.withdrawFeeMicro)
    return `Withdrawal amount must exceed the ${formatUsd(core.withdrawFeeMicro)} USDC fee.`;
  if (micro > summarize(core, user).withdrawable) return "Insufficient balance for withdrawal";
  core.account(user).balance -= micro;
  const payout: Payout = {
    id: core.state.nextPayoutId++,
    user,
    destination: destination.toLowerCase(),
    usd: formatUsd(micro - core.withdrawFeeMicro),
    nonce,
    requestedAt: core.now,
    status: "pending",
    txHash: null,
    paidAt: null,
  };
  core.state.payouts.push(payout);
  sampleHistory(core, user);
  return payout;
}

/** usdSend: an instant transfer to another venue account. Error text or undefined. */
export function usdSend(core: Core, user: string, destination: string, amount: string): string | undefined {
  const micro = parseUsd(amount);
  if (micro === undefined) return "Invalid decimal number";
  if (micro === 0) return "Send amount cannot be zero";
  if (micro > summarize(core, user).withdrawable) return "Insufficient balance for token transfer";
  const to = destination.toLowerCase();
  core.account(user).balance -= micro;
  const recipient = core.account(to);
  recipient.balance += micro;
  recipient.funded = true;
  sampleHistory(core, user);
  sampleHistory(core, to);
  return undefined;
}

export interface SendAssetRequest {
  destination: string;
  sourceDex: string;
  destinationDex: string;
  token: string;
  amount: string;
  fromSubAccount: string;
}

const DEXES = new Set(["", SPOT_DEX, XYZ_DEX.name]);

/**
 * sendAsset: USDC between dexes (main perp dex "", "spot", "xyz") and/or accounts. The twin keeps
 * one collateral pool per account and lets the account's abstraction mode decide which dexes see
 * it (Core.collateralReaches), so a transfer to another account moves the pool, and one between
 * the sender's own dexes changes nothing — allowed where the pool already backs every dex
 * (unified account, portfolio margin, dex abstraction) and refused in the default mode, where the
 * live venue would keep separate balances this twin does not model.
 */
export function sendAsset(core: Core, user: string, request: SendAssetRequest): string | undefined {
  if (request.fromSubAccount) return `Sub-account ${request.fromSubAccount} does not exist.`;
  if (request.token !== usdcWireToken(core.network)) return `Unknown token ${request.token}`;
  for (const dex of [request.sourceDex, request.destinationDex])
    if (!DEXES.has(dex)) return `Unknown dex ${JSON.stringify(dex)}`;
  const to = request.destination.toLowerCase();
  if (to !== user) return usdSend(core, user, to, request.amount);
  const micro = parseUsd(request.amount);
  if (micro === undefined) return "Invalid decimal number";
  if (micro === 0) return "Send amount cannot be zero";
  if (micro > summarize(core, user).withdrawable) return "Insufficient balance for token transfer";
  if (request.sourceDex === request.destinationDex || core.collateralReaches(core.account(user), "any"))
    return undefined;
  return "The venue twin keeps one collateral pool per account: enable unified account mode to use it on every dex.";
}
