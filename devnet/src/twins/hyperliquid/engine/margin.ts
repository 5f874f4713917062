import type { Core } from "./core.ts";
import { markPx } from "./depth.ts";
import { type Market, marketByCoin } from "./dexes.ts";
import type { Account } from "./state.ts";
import { pxScale } from "./ticks.ts";

/**
 * Margin arithmetic, in micro-USDC (floats where marks are involved):
 *  - initial margin of a cross position = notional at mark / leverage;
 *  - maintenance margin = notional / (2 × maxLeverage), the venue's "half the initial margin at
 *    max leverage";
 *  - cross account value = cash + unrealized PnL of the cross positions; the cross account is
 *    liquidated when its value falls below the cross maintenance margin;
 *  - an isolated position has its own collateral (`isoMargin`): its equity is that plus its
 *    unrealized PnL, it is "margin used" as a whole, and the position alone is liquidated when
 *    its equity falls below its maintenance margin;
 *  - account value = cross account value + the isolated positions' equity;
 *  - withdrawable = cross value − max(cross initial margin, 10 % of cross notional) − margin held
 *    by open orders (the venue's transfer margin requirement); isolated collateral never is.
 */
const DEFAULT_LEVERAGE = 20;

export function leverageOf(account: Account | undefined, m: Market): number {
  return account?.leverage[m.coin]?.value ?? Math.min(DEFAULT_LEVERAGE, m.maxLeverage);
}

export function isIsolated(account: Account | undefined, m: Market): boolean {
  return account?.leverage[m.coin]?.type === "isolated";
}

export interface PositionView {
  m: Market;
  lots: number;
  entryNtl: number;
  mark: number;
  /** notional at mark, micro-USDC */
  notional: number;
  unrealized: number;
  leverage: number;
  isolated: boolean;
  /** isolated positions: the collateral set aside (0 for cross) */
  isoMargin: number;
  /** cross: initial margin at mark; isolated: the position's equity */
  marginUsed: number;
  maintenance: number;
  liquidationPx: number | null;
}

export interface AccountSummary {
  /** cross cash */
  cash: number;
  /** everything: cross value + isolated equity */
  accountValue: number;
  totalNotional: number;
  marginUsed: number;
  maintenance: number;
  crossValue: number;
  crossNotional: number;
  crossMarginUsed: number;
  crossMaintenance: number;
  orderMargin: number;
  withdrawable: number;
  positions: PositionView[];
}

/**
 * Summary of an account. With `dex` set, only that dex's positions are listed and the cash only
 * counts where the collateral reaches (see Core.collateralReaches); without it, everything —
 * the view margin checks and liquidations use.
 */
export function summarize(core: Core, user: string, dex?: string, time = core.now): AccountSummary {
  const account = core.peek(user);
  const cash = account && (dex === undefined || core.collateralReaches(account, dex)) ? account.balance : 0;
  const positions: PositionView[] = [];
  for (const [coin, p] of Object.entries(account?.positions ?? {})) {
    const m = marketByCoin(coin);
    if (!m || (dex !== undefined && m.dex !== dex)) continue;
    const mark = markPx(core, m, time);
    const notional = mark * pxScale(m) * Math.abs(p.lots);
    const leverage = leverageOf(account, m);
    const unrealized = p.lots > 0 ? notional - p.entryNtl : p.entryNtl - notional;
    const isolated = p.isoMargin !== undefined;
    const isoMargin = p.isoMargin ?? 0;
    positions.push({
      m,
      lots: p.lots,
      entryNtl: p.entryNtl,
      mark,
      notional,
      unrealized,
      leverage,
      isolated,
      isoMargin,
      marginUsed: isolated ? isoMargin + unrealized : notional / leverage,
      maintenance: notional / (2 * m.maxLeverage),
      liquidationPx: null,
    });
  }
  const sum = (f: (p: PositionView) => number, only?: boolean) =>
    positions.reduce((s, p) => (only === undefined || p.isolated === only ? s + f(p) : s), 0);
  const crossValue = cash + sum((p) => p.unrealized, false);
  const crossMaintenance = sum((p) => p.maintenance, false);
  const crossMarginUsed = sum((p) => p.marginUsed, false);
  const crossNotional = sum((p) => p.notional, false);
  const accountValue = crossValue + sum((p) => p.isoMargin + p.unrealized, true);
  for (const p of positions)
    p.liquidationPx = p.isolated
      ? isolatedLiquidationPrice(p)
      : crossLiquidationPrice(p, crossValue, crossMaintenance);
  let orderMargin = 0;
  for (const [coin, notional] of Object.entries(core.state.orderNtl[user] ?? {})) {
    const m = marketByCoin(coin);
    if (m && (dex === undefined || m.dex === dex)) orderMargin += notional / leverageOf(account, m);
  }
  const withdrawable = Math.max(0, crossValue - Math.max(crossMarginUsed, 0.1 * crossNotional) - orderMargin);
  return {
    cash,
    accountValue,
    totalNotional: sum((p) => p.notional),
    marginUsed: sum((p) => p.marginUsed),
    maintenance: sum((p) => p.maintenance),
    crossValue,
    crossNotional,
    crossMarginUsed,
    crossMaintenance,
    orderMargin,
    withdrawable,
    positions,
  };
}

/**
 * Price of a cross position at which the cross value meets the cross maintenance margin, other
 * positions held at their marks: value(p) = V + szi·(p − mark), maintenance(p) = M_other + |szi|·p·r.
 */
function crossLiquidationPrice(p: PositionView, crossValue: number, maintenance: number): number | null {
  const size = p.lots / 10 ** p.m.szDecimals; // signed contracts
  const rate = 1 / (2 * p.m.maxLeverage);
  const otherMaintenance = maintenance - p.maintenance;
  const denominator = size - Math.abs(size) * rate;
  if (denominator === 0) return null;
  const px = (otherMaintenance - crossValue + size * p.mark * 1e6) / (denominator * 1e6);
  return px > 0 && Number.isFinite(px) ? px : null;
}

/** Price at which an isolated position's equity meets its own maintenance margin. */
function isolatedLiquidationPrice(p: PositionView): number | null {
  const size = p.lots / 10 ** p.m.szDecimals;
  const rate = 1 / (2 * p.m.maxLeverage);
  const denominator = size - Math.abs(size) * rate;
  if (denominator === 0) return null;
  // equity(p) = isoMargin + szi·p − entry cost (signed), maintenance(p) = |szi|·p·r
  const signedEntry = Math.sign(p.lots) * p.entryNtl;
  const px = (signedEntry - p.isoMargin) / (denominator * 1e6);
  return px > 0 && Number.isFinite(px) ? px : null;
}

/** Margin available for new orders: cross value − cross position margin − order margin. */
export function freeMargin(core: Core, user: string, dex: string): number {
  const s = summarize(core, user, dex);
  return s.crossValue - s.crossMarginUsed - s.orderMargin;
}
