import { closeOrder, orderByCloid } from "./book.ts";
import type { Core } from "./core.ts";
import { marketByAsset } from "./dexes.ts";
import type { OrderRecord } from "./state.ts";

/** Per-cancel status, as the venue answers each entry of a cancel batch. */
export type CancelStatus = "success" | { error: string };

const MISSING = "Order was never placed, already canceled, or filled.";

function cancelOne(core: Core, user: string, asset: number, order: OrderRecord | undefined): CancelStatus {
  const m = marketByAsset(asset);
  if (!order || !m || order.user !== user || order.coin !== m.coin || order.status !== "open") {
    return { error: MISSING };
  }
  closeOrder(core, order, "canceled");
  return "success";
}

export function cancelByOid(core: Core, user: string, asset: number, oid: number): CancelStatus {
  return cancelOne(core, user, asset, core.state.orders[oid]);
}

export function cancelByCloid(core: Core, user: string, asset: number, cloid: string): CancelStatus {
  return cancelOne(core, user, asset, orderByCloid(core, user, cloid));
}

/** Every open order of a user (liquidation, or a twin admin reset of an account). */
export function cancelAll(core: Core, user: string, status: "liquidatedCanceled" | "canceled"): void {
  for (const oid of [...(core.state.openByUser[user] ?? [])]) {
    const order = core.state.orders[oid];
    if (order) closeOrder(core, order, status);
  }
}
