import { addTrigger, closeOrder, insertResting } from "./book.ts";
import type { Core } from "./core.ts";
import { formatFloat } from "./decimal.ts";
import { touch } from "./depth.ts";
import { type Market, marketByAsset } from "./dexes.ts";
import { freeMargin, leverageOf } from "./margin.ts";
import { match } from "./matching.ts";
import { type OrderRecord, slot, type Tif, type TriggerSpec } from "./state.ts";
import { formatSz, parsePrice, parseSize, pxScale, wirePx } from "./ticks.ts";

/** An order as the venue's `order` action carries it (already canonicalized). */
export interface OrderIntent {
  asset: number;
  isBuy: boolean;
  px: string;
  sz: string;
  reduceOnly: boolean;
  type:
    | { limit: { tif: "Gtc" | "Ioc" | "Alo" | "FrontendMarket" } }
    | { trigger: { isMarket: boolean; triggerPx: string; tpsl: "tp" | "sl" } };
  cloid?: string;
}

export type PlaceStatus =
  | { resting: { oid: number; cloid?: `0x${string}` } }
  | { filled: { totalSz: string; avgPx: string; oid: number; cloid?: `0x${string}` } }
  | { error: string }
  | "waitingForFill"
  | "waitingForTrigger";

/** How a trigger order was grouped (see tpsl.ts). */
export type TriggerPlacement = Pick<TriggerSpec, "grouping" | "parent">;

const MIN_ORDER_MICRO = 10_000_000;

/**
 * Validates and executes one order, answering with the venue's per-order status. Checks run in
 * the venue's order of concerns: market, tick/lot rules, reduce-only, $10 minimum, post-only,
 * margin; error strings are the venue's, suffixed " asset=N" as live answers are. A trigger order
 * is validated the same way (its trigger price too) and filed off the book until it triggers
 * (tpsl.ts); its reduce-only and margin checks happen when it executes.
 */
export function placeOrder(
  core: Core,
  user: string,
  o: OrderIntent,
  builder: OrderRecord["builder"],
  hash: `0x${string}`,
  placement: TriggerPlacement = { grouping: "na" },
): PlaceStatus {
  const m = marketByAsset(o.asset);
  if (!m) return { error: `Invalid asset ${o.asset}.` };
  const err = (text: string): PlaceStatus => ({ error: `${text} asset=${o.asset}` });
  const tickError = (reason: "tick" | "invalid") =>
    err(reason === "tick" ? "Price must be divisible by tick size." : "Order has invalid price.");

  const price = parsePrice(m, o.px);
  if (!price.ok) return tickError(price.reason);
  const requested = parseSize(m, o.sz);
  if (requested === undefined) return err("Order has invalid size.");
  const wholePosition = "trigger" in o.type && placement.grouping === "positionTpsl" && requested === 0;
  if (requested === 0 && !wholePosition) return err("Order has zero size.");

  if ("trigger" in o.type) {
    const trigger = parsePrice(m, o.type.trigger.triggerPx);
    if (!trigger.ok) return tickError(trigger.reason);
    if (!o.reduceOnly && price.pxU * requested < MIN_ORDER_MICRO)
      return err("Order must have minimum value of $10.");
    const order = record(
      core,
      user,
      m,
      o,
      price.pxU,
      requested,
      o.type.trigger.isMarket ? "Ioc" : "Gtc",
      builder,
    );
    order.trigger = {
      pxU: trigger.pxU,
      isMarket: o.type.trigger.isMarket,
      tpsl: o.type.trigger.tpsl,
      ...placement,
      ...(wholePosition ? { wholePosition } : {}),
    };
    addTrigger(core, order);
    return { resting: { oid: order.oid, ...cloidOf(order) } };
  }

  const tif: Tif = o.type.limit.tif;
  const account = core.account(user);
  const pos = account.positions[m.coin]?.lots ?? 0;
  let lots = requested;
  if (o.reduceOnly) {
    const reducible = o.isBuy ? Math.max(0, -pos) : Math.max(0, pos);
    if (reducible === 0) return err("Reduce only order would increase position.");
    lots = Math.min(lots, reducible);
  }
  const closesAll = o.reduceOnly && requested >= Math.abs(pos);
  if (price.pxU * requested < MIN_ORDER_MICRO && !closesAll)
    return err("Order must have minimum value of $10.");

  const bbo = touch(core, m);
  if (
    tif === "Alo" &&
    (o.isBuy ? bbo.ask !== undefined && price.pxU >= bbo.ask : bbo.bid !== undefined && price.pxU <= bbo.bid)
  ) {
    const show = (u: number | undefined) => (u === undefined ? "None" : wirePx(m, u));
    return err(`Post only order would have immediately matched, bbo was ${show(bbo.bid)}@${show(bbo.ask)}.`);
  }

  if (!o.reduceOnly && !hasMarginFor(core, user, m, o.isBuy, price.pxU, lots))
    return err("Insufficient margin to place order.");

  const order = record(core, user, m, o, price.pxU, lots, tif, builder);
  const done = tif === "Alo" ? { lots: 0, notional: 0 } : match(core, m, order, hash);
  const filled = {
    filled: { totalSz: formatSz(m, done.lots), avgPx: avg(m, done), oid: order.oid, ...cloidOf(order) },
  };
  if (order.lots === 0) {
    closeOrder(core, order, "filled");
    return filled;
  }
  if (tif === "Ioc" || tif === "FrontendMarket") {
    closeOrder(core, order, done.lots > 0 ? "canceled" : "iocCancelRejected");
    return done.lots > 0 ? filled : err("Order could not immediately match against any resting orders.");
  }
  insertResting(core, order);
  return { resting: { oid: order.oid, ...cloidOf(order) } };
}

/** Whether the cross margin covers the position increase an order of `lots` at `pxU` would make. */
export function hasMarginFor(
  core: Core,
  user: string,
  m: Market,
  isBuy: boolean,
  pxU: number,
  lots: number,
): boolean {
  const account = core.account(user);
  const pos = account.positions[m.coin]?.lots ?? 0;
  const increase = Math.max(0, Math.abs(pos + (isBuy ? lots : -lots)) - Math.abs(pos));
  const required = (pxU * increase) / leverageOf(account, m);
  return !(required > 0 && required > freeMargin(core, user, m.dex) + 1e-6);
}

function record(
  core: Core,
  user: string,
  m: Market,
  o: OrderIntent,
  pxU: number,
  lots: number,
  tif: Tif,
  builder: OrderRecord["builder"],
): OrderRecord {
  const order: OrderRecord = {
    oid: core.state.nextOid++,
    user,
    coin: m.coin,
    side: o.isBuy ? "B" : "A",
    pxU,
    lots,
    origLots: lots,
    timestamp: core.now,
    tif,
    reduceOnly: o.reduceOnly,
    cloid: o.cloid ?? null,
    builder,
    status: "open",
    statusTimestamp: core.now,
  };
  core.state.orders[order.oid] = order;
  if (order.cloid) slot(core.state.cloids, user, () => ({}))[order.cloid] = order.oid;
  return order;
}

export const cloidOf = (order: OrderRecord) => (order.cloid ? { cloid: order.cloid as `0x${string}` } : {});

export function avg(m: Parameters<typeof pxScale>[0], done: { lots: number; notional: number }): string {
  return done.lots === 0
    ? "0.0"
    : formatFloat(done.notional / done.lots / pxScale(m), Math.min(8, m.pxDecimals + 2));
}
