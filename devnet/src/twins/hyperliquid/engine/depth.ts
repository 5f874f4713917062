import { sideOf } from "./book.ts";
import type { Core } from "./core.ts";
import type { Market } from "./dexes.ts";
import { makerBest, makerQuotes } from "./maker.ts";
import { pxScale } from "./ticks.ts";

/**
 * The visible book: resting user orders and the maker's quotes merged by price. Marks, mids,
 * impact prices, l2Book and post-only checks all read it, so they agree with what matching sees.
 */
export interface DepthLevel {
  pxU: number;
  lots: number;
  /** number of orders at the level (a maker level counts as one) */
  n: number;
}

export function depth(core: Core, m: Market, isBid: boolean, maxLevels = 20, time = core.now): DepthLevel[] {
  const levels = new Map<number, DepthLevel>();
  const add = (pxU: number, lots: number) => {
    if (lots <= 0) return;
    const level = levels.get(pxU);
    if (level) {
      level.lots += lots;
      level.n += 1;
    } else levels.set(pxU, { pxU, lots, n: 1 });
  };
  for (const oid of sideOf(core, m.coin, isBid)) add(core.state.orders[oid].pxU, core.state.orders[oid].lots);
  const quotes = makerQuotes(core, m, time);
  for (const q of isBid ? quotes.bids : quotes.asks) add(q.pxU, q.lots);
  const sorted = [...levels.values()].sort((a, b) => (isBid ? b.pxU - a.pxU : a.pxU - b.pxU));
  return sorted.slice(0, maxLevels);
}

export interface Touch {
  bid: number | undefined;
  ask: number | undefined;
}

/** Best bid and ask in px units (cheap: the head of the user book against the maker's best). */
export function touch(core: Core, m: Market, time = core.now): Touch {
  const best = (isBid: boolean) => {
    const side = sideOf(core, m.coin, isBid);
    const user = side.length ? core.state.orders[side[0]].pxU : undefined;
    const maker = makerBest(core, m, isBid, time);
    if (user === undefined) return maker;
    if (maker === undefined) return user;
    return isBid ? Math.max(user, maker) : Math.min(user, maker);
  };
  return { bid: best(true), ask: best(false) };
}

/** Mark price: the median of best bid, best ask and oracle (the venue's mark is a median too). */
export function markPx(core: Core, m: Market, time = core.now): number {
  const oracle = core.oraclePx(m, time);
  const { bid, ask } = touch(core, m, time);
  if (bid === undefined || ask === undefined) return oracle;
  const values = [bid / pxScale(m), ask / pxScale(m), oracle].sort((a, b) => a - b);
  return values[1];
}

export function midPx(core: Core, m: Market): number | null {
  const { bid, ask } = touch(core, m);
  return bid === undefined || ask === undefined ? null : (bid + ask) / 2 / pxScale(m);
}

/** Average fill price for `notionalUsd` against one side of the book (undefined if too thin). */
export function impactPx(core: Core, m: Market, isBid: boolean, notionalUsd: number): number | undefined {
  let remaining = notionalUsd * 1e6;
  let lotsTaken = 0;
  let spent = 0;
  for (const level of depth(core, m, isBid, 50)) {
    const levelNtl = level.pxU * level.lots;
    const take = Math.min(levelNtl, remaining);
    lotsTaken += take / level.pxU;
    spent += take;
    remaining -= take;
    if (remaining <= 0) break;
  }
  return remaining > 0 ? undefined : spent / lotsTaken / pxScale(m);
}
