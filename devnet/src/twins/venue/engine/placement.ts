import { closeOrder, insertResting } from "./book.ts";
import type { Core } from "./core.ts";
import { formatFloat } from "./decimal.ts";
import { touch } from "./depth.ts";
import { marketByAsset } from "./dexes.ts";
import { freeMargin, leverageOf } from "./margin.ts";
import { match } from "./matching.ts";
import { type OrderRecord, slot, type Tif } from "./state.ts";
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
  | { error: string };

const MIN_ORDER_MICRO = 10_000_000;

/**
 * Validates and executes one order, answering with the venue's per-order status. Checks run in
 * the venue's order of concerns: market, tick/lot rules, reduce-only, $10 minimum, post-only,
 * margin; error strings are the venue's, suffixed " asset=N" as live answers are.
 */
export function placeOrder(
  core: Core,
  user: string,
  o: OrderIntent,
  builder: OrderRecord["builder"],
  hash: `0x${string}`,
): PlaceStatus {
  const m = marketByAsset(o.asset);
  if (!m) return { error: `Invalid asset ${o.asset}.` };
  const err = (text: string): PlaceStatus => ({ error: `${text} asset=${o.asset}` });
  if ("trigger" in o.type) return err("Trigger orders are not supported by the venue twin.");
  const tif: Tif = o.type.limit.tif;

  const price = parsePrice(m, o.px);
  if (!price.ok)
    return err(
      price.reason === "tick" ? "Price must be divisible by tick size." : "Order has invalid price.",
    );
  const requested = parseSize(m, o.sz);
  if (requested === undefined) return err("Order has invalid size.");
  if (requested === 0) return err("Order has zero size.");

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

  if (!o.reduceOnly) {
    const after = Math.abs(pos + (o.isBuy ? lots : -lots));
    const increase = Math.max(0, after - Math.abs(pos));
    const required = (price.pxU * increase) / leverageOf(account, m);
    if (required > 0 && required > freeMargin(core, user, m.dex) + 1e-6)
      return err("Insufficient margin to place order.");
  }

  const order: OrderRecord = {
    oid: core.state.nextOid++,
    user,
    coin: m.coin,
    side: o.isBuy ? "B" : "A",
    pxU: price.pxU,
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

  const done = tif === "Alo" ? { lots: 0, notional: 0 } : match(core, m, order, hash);
  const cloid = order.cloid ? { cloid: order.cloid as `0x${string}` } : {};
  const filled = {
    filled: { totalSz: formatSz(m, done.lots), avgPx: avg(m, done), oid: order.oid, ...cloid },
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
  return { resting: { oid: order.oid, ...cloid } };
}

function avg(m: Parameters<typeof pxScale>[0], done: { lots: number; notional: number }): string {
  return done.lots === 0
    ? "0.0"
    : formatFloat(done.notional / done.lots / pxScale(m), Math.min(8, m.pxDecimals + 2));
}
