import { closeOrder, orderByCloid, reopen } from "./book.ts";
import type { Core } from "./core.ts";
import { marketByAsset } from "./dexes.ts";
import { type OrderIntent, type PlaceStatus, placeOrder, type TriggerPlacement } from "./placement.ts";
import { slot } from "./state.ts";

/**
 * modify / batchModify: replaces an open order (named by oid or cloid) with a new one — the old
 * order ends as canceled, the new one gets a fresh oid, keeps the old cloid unless it names its
 * own, and takes over the old order's builder and TP/SL ties (its children, its siblings). When
 * the replacement is refused the old order stays exactly where it was.
 */
const NOT_OPEN = "Cannot modify canceled or filled order";

export function modifyOrder(
  core: Core,
  user: string,
  target: number | string,
  o: OrderIntent,
  hash: `0x${string}`,
): PlaceStatus {
  const old = typeof target === "number" ? core.state.orders[target] : orderByCloid(core, user, target);
  if (!old || old.user !== user || old.status !== "open") return { error: NOT_OPEN };
  if (marketByAsset(o.asset)?.coin !== old.coin) return { error: `Invalid asset ${o.asset}.` };
  const t = old.trigger;
  const placement: TriggerPlacement = t ? { grouping: t.grouping, parent: t.parent } : { grouping: "na" };
  if (t && placement.parent === undefined) delete placement.parent;
  closeOrder(core, old, "canceled", { keepChildren: true });
  const status = placeOrder(
    core,
    user,
    { ...o, cloid: o.cloid ?? old.cloid ?? undefined },
    old.builder,
    hash,
    placement,
  );
  if (typeof status !== "object" || "error" in status) {
    reopen(core, old);
    if (old.cloid) slot(core.state.cloids, user, () => ({}))[old.cloid] = old.oid;
    return status;
  }
  const replacement = core.state.orders["resting" in status ? status.resting.oid : status.filled.oid];
  if (old.children) {
    replacement.children = old.children;
    for (const oid of old.children) {
      const child = core.state.orders[oid]?.trigger;
      if (child?.parent === old.oid) child.parent = replacement.oid;
    }
    // the replacement may have filled at once: closing it then released the children; catch up
    if (replacement.status !== "open" && replacement.origLots - replacement.lots > 0)
      for (const oid of old.children) delete core.state.orders[oid]?.trigger?.parent;
  }
  if (t?.siblings && replacement.trigger) {
    replacement.trigger.siblings = t.siblings;
    for (const oid of t.siblings) {
      const sibling = core.state.orders[oid]?.trigger;
      if (sibling?.siblings)
        sibling.siblings = sibling.siblings.map((s) => (s === old.oid ? replacement.oid : s));
    }
  }
  return status;
}
