import { closeOrder, insertResting } from "./book.ts";
import type { Core } from "./core.ts";
import { markPx } from "./depth.ts";
import { marketByCoin } from "./dexes.ts";
import { systemHash } from "./hashes.ts";
import { match } from "./matching.ts";
import { hasMarginFor, type OrderIntent, type PlaceStatus, placeOrder } from "./placement.ts";
import type { OrderRecord } from "./state.ts";
import { pxScale, roundPrice } from "./ticks.ts";

/**
 * Trigger (TP/SL) orders and the `order` action's groupings:
 *  - `na`: each order on its own; a trigger order answers `{resting: {oid}}` and waits;
 *  - `normalTpsl`: the first order is the parent, the trigger orders after it are its TP/SL —
 *    they answer "waitingForFill" while the parent rests and "waitingForTrigger" once it has
 *    filled, keep their own size, and cancel each other when one executes;
 *  - `positionTpsl`: TP/SL on the position: size 0 (or the position's size) closes whatever the
 *    position is when it triggers, a new one replaces the position's previous TP (or SL), and
 *    they are canceled when the position closes.
 * Triggers compare the mark price: a sell TP or a buy SL fires at or above its trigger price,
 * a sell SL or a buy TP at or below. A market trigger then executes as an IOC with the venue's
 * 10 % slippage from the mark (final status "triggered"); a limit trigger becomes a GTC limit at
 * its price with the same oid.
 */
const MARKET_SLIPPAGE = 0.1;

export function placeBatch(
  core: Core,
  user: string,
  orders: OrderIntent[],
  grouping: "na" | "normalTpsl" | "positionTpsl",
  builder: OrderRecord["builder"],
  hash: `0x${string}`,
): PlaceStatus[] {
  if (grouping === "na") return orders.map((o) => placeOrder(core, user, o, builder, hash));
  const statuses: PlaceStatus[] = [];
  const placed: OrderRecord[] = [];
  let parent: OrderRecord | undefined;
  for (const [i, o] of orders.entries()) {
    if (grouping === "normalTpsl" && i === 0) {
      const status = placeOrder(core, user, o, builder, hash);
      statuses.push(status);
      parent =
        typeof status === "object" && !("error" in status) ? core.state.orders[oidOf(status)] : undefined;
      continue;
    }
    if (!("trigger" in o.type)) {
      statuses.push({ error: `TP/SL orders must be trigger orders. asset=${o.asset}` });
      continue;
    }
    if (grouping === "normalTpsl" && !parent) {
      statuses.push({ error: `TP/SL parent order was not placed. asset=${o.asset}` });
      continue;
    }
    const waiting = grouping === "normalTpsl" && parent?.status === "open";
    const status = placeOrder(core, user, o, builder, hash, {
      grouping,
      ...(waiting ? { parent: parent!.oid } : {}),
    });
    if (typeof status !== "object" || "error" in status) {
      statuses.push(status);
      continue;
    }
    const order = core.state.orders[oidOf(status)];
    if (grouping === "positionTpsl") replacePrevious(core, order);
    placed.push(order);
    statuses.push(waiting ? "waitingForFill" : "waitingForTrigger");
  }
  for (const order of placed) order.trigger!.siblings = placed.filter((o) => o !== order).map((o) => o.oid);
  if (parent && placed.length) parent.children = placed.map((o) => o.oid);
  return statuses;
}

function oidOf(status: Exclude<PlaceStatus, string | { error: string }>): number {
  return "resting" in status ? status.resting.oid : status.filled.oid;
}

/** A position keeps one TP and one SL: a new positionTpsl replaces the previous one of its kind. */
function replacePrevious(core: Core, order: OrderRecord): void {
  for (const oid of [...(core.state.triggers[order.coin] ?? [])]) {
    const other = core.state.orders[oid];
    if (
      other &&
      other !== order &&
      other.user === order.user &&
      other.trigger?.grouping === "positionTpsl" &&
      other.trigger.tpsl === order.trigger!.tpsl
    )
      closeOrder(core, other, "canceled");
  }
}

/** Whether the mark has reached a trigger order's price. */
export function triggerHit(order: OrderRecord, mark: number): boolean {
  const t = order.trigger!;
  const px = t.pxU / pxScale(marketByCoin(order.coin)!);
  const fireAbove = (order.side === "A") === (t.tpsl === "tp");
  return fireAbove ? mark >= px : mark <= px;
}

/** Fires every live trigger order whose condition the mark price meets at `core.now`. */
export function fireTriggers(core: Core): void {
  for (const [coin, oids] of Object.entries(core.state.triggers)) {
    if (!oids.length) continue;
    const m = marketByCoin(coin);
    if (!m) continue;
    for (const oid of [...oids]) {
      const order = core.state.orders[oid];
      if (order?.status !== "open" || order.trigger?.parent !== undefined) continue;
      if (!triggerHit(order, markPx(core, m))) continue;
      execute(core, order);
    }
  }
}

function execute(core: Core, order: OrderRecord): void {
  const final = run(core, order);
  if (final) {
    order.status = "canceled"; // no longer open: closeOrder only records the final status
    closeOrder(core, order, final);
  } else {
    order.status = "open";
    insertResting(core, order);
  }
}

/** Executes a triggered order: its final status, or undefined when it rests as a limit order. */
function run(core: Core, order: OrderRecord): OrderRecord["status"] | undefined {
  const m = marketByCoin(order.coin)!;
  const t = order.trigger!;
  // Off the trigger list (and out of the open orders until it rests, if it does).
  const list = core.state.triggers[order.coin];
  list.splice(list.indexOf(order.oid), 1);
  const open = core.state.openByUser[order.user];
  open.splice(open.indexOf(order.oid), 1);
  t.triggeredAt = core.now;
  order.status = "triggered";
  order.statusTimestamp = core.now;

  const isBuy = order.side === "B";
  const pos = core.peek(order.user)?.positions[m.coin]?.lots ?? 0;
  const reducible = isBuy ? Math.max(0, -pos) : Math.max(0, pos);
  let lots = t.wholePosition ? reducible : order.lots;
  if (order.reduceOnly || t.grouping !== "na") lots = Math.min(lots, reducible);
  if (lots === 0) return "reduceOnlyCanceled";
  order.lots = lots;
  order.origLots = lots;

  const mark = markPx(core, m);
  if (t.isMarket)
    order.pxU = roundPrice(
      m,
      mark * (isBuy ? 1 + MARKET_SLIPPAGE : 1 - MARKET_SLIPPAGE),
      isBuy ? "up" : "down",
    );
  if (!order.reduceOnly && !hasMarginFor(core, order.user, m, isBuy, order.pxU, lots))
    return "perpMarginRejected";

  const done = match(core, m, order, systemHash("trigger", order.oid, core.now));
  if (done.lots > 0) for (const sibling of t.siblings ?? []) cancelSibling(core, sibling);
  if (order.lots === 0) return t.isMarket ? "triggered" : "filled";
  if (t.isMarket) return done.lots > 0 ? "triggered" : "canceled";
  return undefined;
}

function cancelSibling(core: Core, oid: number): void {
  const sibling = core.state.orders[oid];
  if (sibling?.status === "open") closeOrder(core, sibling, "siblingFilledCanceled");
}
