import { closeOrder } from "./book.ts";
import { cancelAll } from "./cancel.ts";
import { recordTrade } from "./candles.ts";
import { applyFill, makerFill } from "./clearing.ts";
import type { Core } from "./core.ts";
import { systemHash } from "./hashes.ts";
import { summarize } from "./margin.ts";
import type { OrderRecord } from "./state.ts";
import { displayPx, pxScale } from "./ticks.ts";

/**
 * Liquidation: when a cross account's value falls below its maintenance margin, its open orders
 * are canceled and every position is closed at the mark price against the built-in maker (the
 * venue's "market" liquidation), each close recorded as a fill carrying `liquidation`. A deficit
 * left after closing is absorbed by the venue (the backstop), so balances never go negative.
 */
export function liquidateUnderwater(core: Core): string[] {
  const liquidated: string[] = [];
  for (const [user, account] of Object.entries(core.state.accounts)) {
    if (Object.keys(account.positions).length === 0) continue;
    const s = summarize(core, user);
    if (s.accountValue >= s.maintenance) continue;
    cancelAll(core, user, "liquidatedCanceled");
    for (const p of s.positions) {
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
    if (account.balance < 0) account.balance = 0;
    liquidated.push(user);
  }
  return liquidated;
}
