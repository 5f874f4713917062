import { closeOrder } from "./book.ts";
import { cancelAll } from "./cancel.ts";
import { recordTrade } from "./candles.ts";
import { applyFill, makerFill } from "./clearing.ts";
import type { Core } from "./core.ts";
import { systemHash } from "./hashes.ts";
import { type PositionView, summarize } from "./margin.ts";
import type { OrderRecord } from "./state.ts";
import { displayPx, pxScale } from "./ticks.ts";

/**
 * Liquidation. An isolated position whose equity falls below its maintenance margin is closed
 * alone, with that coin's open orders canceled. When the cross account's value falls below its
 * maintenance margin, all its open orders are canceled and every cross position is closed. Closes
 * happen at the mark price against the built-in maker (the venue's "market" liquidation), each
 * recorded as a fill carrying `liquidation`. A deficit left after closing is absorbed by the
 * venue (the backstop), so balances never go negative.
 */
export function liquidateUnderwater(core: Core): string[] {
  const liquidated: string[] = [];
  for (const [user, account] of Object.entries(core.state.accounts)) {
    if (Object.keys(account.positions).length === 0) continue;
    let s = summarize(core, user);
    const underwater = s.positions.filter((p) => p.isolated && p.isoMargin + p.unrealized < p.maintenance);
    for (const p of underwater) {
      for (const oid of [...(core.state.openByUser[user] ?? [])]) {
        const order = core.state.orders[oid];
        if (order?.coin === p.m.coin) closeOrder(core, order, "liquidatedCanceled");
      }
      // what the position's collateral cannot cover is the backstop's, never the cross balance's
      const before = account.balance;
      close(core, user, p);
      if (account.balance < before) account.balance = before;
    }
    if (underwater.length) s = summarize(core, user);
    const cross = s.positions.filter((p) => !p.isolated);
    if (cross.length && s.crossValue < s.crossMaintenance) {
      cancelAll(core, user, "liquidatedCanceled");
      for (const p of cross) close(core, user, p);
    }
    if (account.balance < 0) account.balance = 0;
    if (underwater.length || (cross.length && s.crossValue < s.crossMaintenance)) liquidated.push(user);
  }
  return liquidated;
}

function close(core: Core, user: string, p: PositionView): void {
  const isBuy = p.lots < 0;
  const lots = Math.abs(p.lots);
  const pxU = Math.max(1, Math.round(p.mark * pxScale(p.m)));
  const order: OrderRecord = {
    oid: core.state.nextOid++,
    user,
    coin: p.m.coin,
    side: isBuy ? "B" : "A",
    pxU,
    lots: 0,
    origLots: lots,
    timestamp: core.now,
    tif: "LiquidationMarket",
    reduceOnly: true,
    cloid: null,
    builder: null,
    status: "open",
    statusTimestamp: core.now,
  };
  core.state.orders[order.oid] = order;
  const markPx = displayPx(p.m, p.mark);
  const hash = systemHash("liquidation", user, p.m.coin, core.now);
  applyFill(core, {
    user,
    m: p.m,
    isBuy,
    pxU,
    lots,
    crossed: true,
    oid: order.oid,
    cloid: null,
    builder: null,
    hash,
    tid: core.state.nextTid++,
    feeRate: 0,
    liquidation: { liquidatedUser: user as `0x${string}`, markPx, method: "market" },
  });
  makerFill(core, p.m, !isBuy, lots);
  recordTrade(core, p.m, pxU, lots);
  closeOrder(core, order, "filled");
}
