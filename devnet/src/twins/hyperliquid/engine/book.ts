import type { Core } from "./core.ts";
import { type OrderRecord, type OrderStatus, slot } from "./state.ts";

/**
 * Resting user orders per coin, kept as oid arrays in priority order (best price first, then
 * earlier oid = earlier time). Books of a twin are small, so sorted arrays with binary insertion
 * beat a tree on both speed and simplicity, and they serialize as they are.
 */

export function sideOf(core: Core, coin: string, isBid: boolean): number[] {
  let book = core.state.books[coin];
  if (!book) {
    book = { bids: [], asks: [] };
    core.state.books[coin] = book;
  }
  return isBid ? book.bids : book.asks;
}

/** Does order a have priority over order b on the same side? */
function before(a: OrderRecord, b: OrderRecord): boolean {
  if (a.pxU !== b.pxU) return a.side === "B" ? a.pxU > b.pxU : a.pxU < b.pxU;
  return a.oid < b.oid;
}

export function insertResting(core: Core, order: OrderRecord): void {
  const side = sideOf(core, order.coin, order.side === "B");
  let lo = 0;
  let hi = side.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(core.state.orders[side[mid]], order)) lo = mid + 1;
    else hi = mid;
  }
  side.splice(lo, 0, order.oid);
  slot(core.state.openByUser, order.user, () => []).push(order.oid);
  holdMargin(core, order, order.lots);
}

/**
 * A resting order traded `lots`: its remaining size and the margin it holds shrink. A triggered
 * TP/SL limit that rested fills here: its siblings are canceled (one of a pair executes).
 */
export function restingFilled(core: Core, order: OrderRecord, lots: number): void {
  order.lots -= lots;
  holdMargin(core, order, -lots);
  for (const oid of order.trigger?.siblings ?? []) {
    const sibling = core.state.orders[oid];
    if (sibling?.status === "open") closeOrder(core, sibling, "siblingFilledCanceled");
  }
}

function holdMargin(core: Core, order: OrderRecord, lots: number): void {
  if (order.reduceOnly) return;
  const byCoin = slot(core.state.orderNtl, order.user, () => ({}));
  const next = (byCoin[order.coin] ?? 0) + order.pxU * lots;
  if (next > 0) byCoin[order.coin] = next;
  else delete byCoin[order.coin];
}

/** A trigger order that has not triggered yet: it waits off the book and holds no margin. */
export const untriggered = (order: OrderRecord): boolean =>
  order.trigger !== undefined && order.trigger.triggeredAt === undefined;

/** Files an untriggered trigger order (it waits in `triggers`, not in the book). */
export function addTrigger(core: Core, order: OrderRecord): void {
  slot(core.state.triggers, order.coin, () => []).push(order.oid);
  slot(core.state.openByUser, order.user, () => []).push(order.oid);
}

function remove(list: number[] | undefined, oid: number): boolean {
  const at = list ? list.lastIndexOf(oid) : -1;
  if (at >= 0) list!.splice(at, 1);
  return at >= 0;
}

/**
 * Takes an order off the book (or out of the trigger list) and records its final status (kept for
 * orderStatus/historicalOrders). A normalTpsl parent that ends hands over to its children: they
 * become live if it filled anything and are canceled otherwise — unless `keepChildren` (a modify
 * moves them to the replacement).
 */
export function closeOrder(
  core: Core,
  order: OrderRecord,
  status: OrderStatus,
  options: { keepChildren?: boolean } = {},
): void {
  if (order.status === "open") {
    const waiting = untriggered(order);
    if (waiting) remove(core.state.triggers[order.coin], order.oid);
    else remove(sideOf(core, order.coin, order.side === "B"), order.oid);
    if (remove(core.state.openByUser[order.user], order.oid) && !waiting)
      holdMargin(core, order, -order.lots);
  }
  order.status = status;
  order.statusTimestamp = core.now;
  retainClosed(core, order);
  if (order.children && !options.keepChildren) {
    const filled = order.origLots - order.lots > 0;
    for (const oid of order.children) {
      const child = core.state.orders[oid];
      if (child?.status !== "open" || child.trigger?.parent !== order.oid) continue;
      if (filled) delete child.trigger.parent;
      else closeOrder(core, child, "canceled");
    }
  }
}

/** Undoes closeOrder on an order that was open (a modify whose replacement was refused). */
export function reopen(core: Core, order: OrderRecord): void {
  remove(core.state.closedByUser[order.user], order.oid);
  order.status = "open";
  if (untriggered(order)) addTrigger(core, order);
  else insertResting(core, order);
}

/** The venue answers historicalOrders with the 2000 most recent; older terminal orders are forgotten. */
const CLOSED_RETENTION = 2000;

function retainClosed(core: Core, order: OrderRecord): void {
  const closed = slot(core.state.closedByUser, order.user, () => []);
  closed.push(order.oid);
  while (closed.length > CLOSED_RETENTION) {
    const old = core.state.orders[closed.shift()!];
    if (!old) continue;
    delete core.state.orders[old.oid];
    const cloids = core.state.cloids[old.user];
    if (old.cloid && cloids?.[old.cloid] === old.oid) delete cloids[old.cloid];
  }
}

export function openOrdersOf(core: Core, user: string): OrderRecord[] {
  return (core.state.openByUser[user] ?? []).map((oid) => core.state.orders[oid]).filter(Boolean);
}

export function orderByCloid(core: Core, user: string, cloid: string): OrderRecord | undefined {
  const oid = core.state.cloids[user]?.[cloid.toLowerCase()];
  return oid === undefined ? undefined : core.state.orders[oid];
}
