import { ManualClock } from "./clock.ts";
import { cancelByOid } from "./engine/cancel.ts";
import { MARKETS } from "./engine/dexes.ts";
import { credit } from "./engine/funds.ts";
import { makerCenter } from "./engine/maker.ts";
import { type OrderIntent, placeOrder } from "./engine/placement.ts";
import { setAbstraction } from "./engine/settings.ts";
import { Venue } from "./venue.ts";

/**
 * Matching throughput of the engine alone (no HTTP, no signature recovery): `n` orders from 8
 * funded accounts across the markets — a mix of IOC market orders that trade with the maker and
 * with resting orders, GTC limits that rest near the touch, and cancels — on a manual clock that
 * ticks 1 ms per order (so the maker requotes every 3000 orders). Used by the bench suite.
 */
export interface ThroughputResult {
  orders: number;
  fills: number;
  seconds: number;
  ordersPerSecond: number;
}

export function matchThroughput(n: number): ThroughputResult {
  const clock = new ManualClock(1_780_000_000_000);
  const venue = new Venue({ clock, seed: "bench" });
  const core = venue.core;
  const users = Array.from({ length: 8 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, "0")}`);
  for (const user of users) {
    credit(core, user, 10_000_000 * 1e6, `0xbench${user}`);
    setAbstraction(core, user, "unifiedAccount");
  }
  const resting: { user: string; asset: number; oid: number }[] = [];
  let fills = 0;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    core.now = clock.tick();
    const m = MARKETS[i % MARKETS.length];
    const user = users[i % users.length];
    const center = makerCenter(core, m);
    const isBuy = (i >> 1) % 2 === 0;
    const kind = i % 5;
    if (kind === 4 && resting.length) {
      const r = resting.splice((i * 7919) % resting.length, 1)[0];
      cancelByOid(core, r.user, r.asset, r.oid);
      continue;
    }
    const limit = kind < 2 ? center * (isBuy ? 1.01 : 0.99) : center * (isBuy ? 0.9995 : 1.0005);
    const lots = Math.max(1, Math.round((2_000 / center) * 10 ** m.szDecimals));
    const order: OrderIntent = {
      asset: m.asset,
      isBuy,
      px: limit.toPrecision(5),
      sz: (lots / 10 ** m.szDecimals).toFixed(m.szDecimals),
      reduceOnly: false,
      type: { limit: { tif: kind < 2 ? "Ioc" : "Gtc" } },
    };
    const status = placeOrder(core, user, order, null, "0x00");
    if (typeof status === "string") continue;
    if ("filled" in status) fills++;
    if ("resting" in status) resting.push({ user, asset: m.asset, oid: status.resting.oid });
  }
  const seconds = (performance.now() - started) / 1000;
  return { orders: n, fills, seconds, ordersPerSecond: Math.round(n / seconds) };
}
