import { closeOrder, restingFilled, sideOf } from "./book.ts";
import { recordTrade } from "./candles.ts";
import { applyFill, makerFill } from "./clearing.ts";
import type { Core } from "./core.ts";
import type { Market } from "./dexes.ts";
import { consumeMaker, makerQuotes } from "./maker.ts";
import type { OrderRecord } from "./state.ts";

/**
 * Crosses a taker order with the opposite side: resting user orders and the maker's quotes merged
 * in price-time priority (at an equal price resting user orders go first), never beyond the
 * taker's limit price. Resting orders of the taker itself are canceled instead of traded
 * (self-trade prevention "expire maker"); a reduce-only resting order that would no longer reduce
 * is canceled. Returns the filled lots and notional (micro-USDC).
 */
export function match(
  core: Core,
  m: Market,
  taker: OrderRecord,
  hash: `0x${string}`,
): { lots: number; notional: number } {
  const isBuy = taker.side === "B";
  const resting = sideOf(core, m.coin, !isBuy);
  const quotes = makerQuotes(core, m);
  const levels = isBuy ? quotes.asks : quotes.bids;
  let level = 0;
  let filled = 0;
  let notional = 0;
  const crosses = (pxU: number) => (isBuy ? pxU <= taker.pxU : pxU >= taker.pxU);
  const better = (a: number, b: number) => (isBuy ? a <= b : a >= b);

  while (taker.lots > 0) {
    while (level < levels.length && levels[level].lots <= 0) level++;
    const maker = levels[level];
    const order = resting.length ? core.state.orders[resting[0]] : undefined;
    const useOrder = order && (!maker || better(order.pxU, maker.pxU));
    const pxU = useOrder ? order.pxU : maker?.pxU;
    if (pxU === undefined || !crosses(pxU)) break;

    if (useOrder) {
      if (order.user === taker.user) {
        closeOrder(core, order, "selfTradeCanceled");
        continue;
      }
      let lots = Math.min(taker.lots, order.lots);
      if (order.reduceOnly) {
        const pos = core.peek(order.user)?.positions[m.coin]?.lots ?? 0;
        const reducible = order.side === "B" ? Math.max(0, -pos) : Math.max(0, pos);
        if (reducible === 0) {
          closeOrder(core, order, "reduceOnlyCanceled");
          continue;
        }
        lots = Math.min(lots, reducible);
      }
      trade(core, m, taker, order, pxU, lots, hash);
      restingFilled(core, order, lots);
      if (order.lots === 0) closeOrder(core, order, "filled");
      else if (order.reduceOnly && !core.peek(order.user)?.positions[m.coin])
        closeOrder(core, order, "reduceOnlyCanceled");
      filled += lots;
      notional += pxU * lots;
    } else {
      const lots = Math.min(taker.lots, maker.lots);
      trade(core, m, taker, null, pxU, lots, hash);
      consumeMaker(core, m, !isBuy, maker.level, lots);
      maker.lots -= lots;
      filled += lots;
      notional += pxU * lots;
    }
  }
  return { lots: filled, notional };
}

/** One trade between a taker and a resting order (or the maker when `resting` is null). */
function trade(
  core: Core,
  m: Market,
  taker: OrderRecord,
  resting: OrderRecord | null,
  pxU: number,
  lots: number,
  hash: `0x${string}`,
): void {
  const tid = core.state.nextTid++;
  const isBuy = taker.side === "B";
  taker.lots -= lots;
  applyFill(core, {
    user: taker.user,
    m,
    isBuy,
    pxU,
    lots,
    crossed: true,
    oid: taker.oid,
    cloid: taker.cloid,
    builder: taker.builder,
    hash,
    tid,
  });
  if (resting) {
    applyFill(core, {
      user: resting.user,
      m,
      isBuy: !isBuy,
      pxU,
      lots,
      crossed: false,
      oid: resting.oid,
      cloid: resting.cloid,
      builder: resting.builder,
      hash,
      tid,
    });
  } else makerFill(core, m, !isBuy, lots);
  recordTrade(core, m, pxU, lots);
}

/** The maker lifting a resting user order once its quotes have moved through the order's price. */
export function makerTakes(core: Core, m: Market, order: OrderRecord, hash: `0x${string}`): void {
  let lots = order.lots;
  if (order.reduceOnly) {
    const pos = core.peek(order.user)?.positions[m.coin]?.lots ?? 0;
    lots = Math.min(lots, order.side === "B" ? Math.max(0, -pos) : Math.max(0, pos));
    if (lots === 0) {
      closeOrder(core, order, "reduceOnlyCanceled");
      return;
    }
  }
  const tid = core.state.nextTid++;
  applyFill(core, {
    user: order.user,
    m,
    isBuy: order.side === "B",
    pxU: order.pxU,
    lots,
    crossed: false,
    oid: order.oid,
    cloid: order.cloid,
    builder: order.builder,
    hash,
    tid,
  });
  makerFill(core, m, order.side !== "B", lots);
  recordTrade(core, m, order.pxU, lots);
  restingFilled(core, order, lots);
  closeOrder(core, order, order.lots === 0 ? "filled" : "reduceOnlyCanceled");
}
