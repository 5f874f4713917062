import type { Core } from "./core.ts";
import { markPx } from "./depth.ts";
import { type Market, marketByCoin } from "./dexes.ts";
import type { Account } from "./state.ts";
import { pxScale } from "./ticks.ts";

/**
 * Cross-margin arithmetic, in micro-USDC (floats where marks are involved):
 *  - initial margin of a position = notional at mark / leverage;
 *  - maintenance margin = notional / (2 × maxLeverage), the venue's "half the initial margin at
 *    max leverage";
 *  - account value = cash + unrealized PnL; an account is liquidated when its value falls below
 *    its maintenance margin;
 *  - withdrawable = value − max(initial margin, 10 % of notional) − margin held by open orders
 *    (the venue's transfer margin requirement).
 */
const DEFAULT_LEVERAGE = 20;

export function leverageOf(account: Account | undefined, m: Market): number {
  return account?.leverage[m.coin]?.value ?? Math.min(DEFAULT_LEVERAGE, m.maxLeverage);
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
  marginUsed: number;
  maintenance: number;
  liquidationPx: number | null;
}

export interface AccountSummary {
  cash: number;
  accountValue: number;
  totalNotional: number;
  marginUsed: number;
  maintenance: number;
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
    positions.push({
      m,
      lots: p.lots,
      entryNtl: p.entryNtl,
      mark,
      notional,
      unrealized: p.lots > 0 ? notional - p.entryNtl : p.entryNtl - notional,
      leverage,
      marginUsed: notional / leverage,
      maintenance: notional / (2 * m.maxLeverage),
      liquidationPx: null,
    });
  }
  const sum = (f: (p: PositionView) => number) => positions.reduce((s, p) => s + f(p), 0);
  const accountValue = cash + sum((p) => p.unrealized);
  const maintenance = sum((p) => p.maintenance);
  const marginUsed = sum((p) => p.marginUsed);
  const totalNotional = sum((p) => p.notional);
  for (const p of positions) p.liquidationPx = liquidationPrice(p, accountValue, maintenance);
  let orderMargin = 0;
  for (const [coin, notional] of Object.entries(core.state.orderNtl[user] ?? {})) {
    const m = marketByCoin(coin);
    if (m && (dex === undefined || m.dex === dex)) orderMargin += notional / leverageOf(account, m);
  }
  const withdrawable = Math.max(0, accountValue - Math.max(marginUsed, 0.1 * totalNotional) - orderMargin);
  return { cash, accountValue, totalNotional, marginUsed, maintenance, orderMargin, withdrawable, positions };
}

/**
 * Price of this position at which the account value meets the maintenance margin, other
 * positions held at their marks: value(p) = V + szi·(p − mark), maintenance(p) = M_other + |szi|·p·r.
 */
function liquidationPrice(p: PositionView, accountValue: number, maintenance: number): number | null {
  const size = p.lots / 10 ** p.m.szDecimals; // signed contracts
  const rate = 1 / (2 * p.m.maxLeverage);
  const otherMaintenance = maintenance - p.maintenance;
  const denominator = size - Math.abs(size) * rate;
  if (denominator === 0) return null;
  const px = (otherMaintenance - accountValue + size * p.mark * 1e6) / (denominator * 1e6);
  return px > 0 && Number.isFinite(px) ? px : null;
}

/** Margin available for new orders: account value − position margin − order margin. */
export function freeMargin(core: Core, user: string, dex: string): number {
  const s = summarize(core, user, dex);
  return s.accountValue - s.marginUsed - s.orderMargin;
}
