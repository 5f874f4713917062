import type { Core } from "./core.ts";
import { MICRO } from "./decimal.ts";
import { marketByAsset } from "./dexes.ts";
import { summarize } from "./margin.ts";
import type { Abstraction } from "./state.ts";

/** Account settings actions. Each returns the venue's error text, or undefined on success. */

export function updateLeverage(
  core: Core,
  user: string,
  asset: number,
  isCross: boolean,
  leverage: number,
): string | undefined {
  const m = marketByAsset(asset);
  if (!m) return `Invalid asset ${asset}.`;
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > m.maxLeverage)
    return "Invalid leverage value";
  const account = core.account(user);
  const previous = account.leverage[m.coin];
  const type = isCross ? "cross" : "isolated";
  const position = account.positions[m.coin];
  if (position && (previous?.type ?? "cross") !== type)
    return "Cannot switch leverage type with open position.";
  account.leverage[m.coin] = { type, value: leverage };
  const restore = () => {
    if (previous) account.leverage[m.coin] = previous;
    else delete account.leverage[m.coin];
  };
  const s = summarize(core, user, m.dex);
  if (!isCross && position) {
    // the position's collateral must still cover its initial margin at the new leverage
    const p = s.positions.find((x) => x.m === m)!;
    if (p.isoMargin + p.unrealized < p.notional / leverage) {
      restore();
      return "Isolated position does not have sufficient margin available to decrease leverage.";
    }
  } else if (s.positions.length && s.crossValue - s.crossMarginUsed - s.orderMargin < 0) {
    restore();
    return "Cross position does not have sufficient margin available to decrease leverage.";
  }
  return undefined;
}

/**
 * updateIsolatedMargin: moves `ntli` micro-USDC from the cross balance into an isolated position's
 * collateral (positive) or back (negative). Adding needs free cross margin; what is left after a
 * removal must still cover the position's initial margin at its leverage.
 */
export function updateIsolatedMargin(
  core: Core,
  user: string,
  asset: number,
  ntli: number,
): string | undefined {
  const m = marketByAsset(asset);
  if (!m) return `Invalid asset ${asset}.`;
  const account = core.account(user);
  const position = account.positions[m.coin];
  if (!position) return "Cannot update margin without an open position.";
  if (position.isoMargin === undefined) return "Cannot update margin for a cross position.";
  const s = summarize(core, user, m.dex);
  if (ntli > 0) {
    if (ntli > s.crossValue - s.crossMarginUsed - s.orderMargin) return "Insufficient margin to add.";
  } else if (ntli < 0) {
    const p = s.positions.find((x) => x.m === m)!;
    if (p.isoMargin + p.unrealized + ntli < p.notional / p.leverage) return "Insufficient margin to remove.";
  }
  position.isoMargin += ntli;
  account.balance -= ntli;
  return undefined;
}

/** The venue only lets an account approve a builder that holds at least 100 USDC. */
const BUILDER_MIN_MICRO = 100 * MICRO;

/** "0.01%" → 10 (tenths of a basis point); undefined for anything else. */
function percentToTenthBps(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)%$/.exec(text);
  if (!match) return undefined;
  const tenths = Number(match[1]) * 1000;
  return Number.isInteger(Math.round(tenths * 1e6) / 1e6) ? Math.round(tenths) : undefined;
}

export function approveBuilderFee(
  core: Core,
  user: string,
  builder: string,
  maxFeeRate: string,
): string | undefined {
  const tenths = percentToTenthBps(maxFeeRate);
  if (tenths === undefined || tenths > 1000) return "Invalid max fee rate";
  const b = builder.toLowerCase();
  if (tenths > 0 && summarize(core, b).accountValue < BUILDER_MIN_MICRO)
    return "Builder has insufficient balance to be approved.";
  core.account(user).builderFees[b] = tenths;
  return undefined;
}

export function setAbstraction(core: Core, user: string, mode: Abstraction): undefined {
  core.account(user).abstraction = mode;
  return undefined;
}

export const AGENT_ABSTRACTION: Record<string, Abstraction> = {
  i: "disabled",
  u: "unifiedAccount",
  p: "portfolioMargin",
};

/** approveAgent: registers (or with the zero address, removes) an API wallet under a name. */
export function approveAgent(core: Core, user: string, agent: string, rawName: string): string | undefined {
  const until = / valid_until (\d+)$/.exec(rawName);
  const name = rawName.replace(/ valid_until \d+$/, "");
  if (name.length > 16) return "Extra agent name must be between 1 and 16 characters long";
  for (const [address, a] of Object.entries(core.state.agents)) {
    if (a.user === user && a.name === name) delete core.state.agents[address];
  }
  const address = agent.toLowerCase();
  if (/^0x0{40}$/.test(address)) return undefined;
  if (core.state.agents[address] || core.peek(address)?.funded) return "Extra agent already used.";
  const validUntil = until ? Number(until[1]) : core.now + 180 * 86_400_000;
  core.state.agents[address] = { user, name, validUntil };
  return undefined;
}
