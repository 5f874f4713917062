import { cancelByCloid, cancelByOid } from "../engine/cancel.ts";
import { modifyOrder } from "../engine/modify.ts";
import type { OrderIntent } from "../engine/placement.ts";
import {
  AGENT_ABSTRACTION,
  setAbstraction,
  updateIsolatedMargin,
  updateLeverage,
} from "../engine/settings.ts";
import { reconcile } from "../engine/sync.ts";
import { placeBatch } from "../engine/tpsl.ts";
import type { L1Action, WireOrder } from "../signing/l1Actions.ts";
import type { Venue } from "../venue.ts";
import { type ExchangeOutcome, ok, okOrRefuse, refuse } from "./reply.ts";

/** Perps cap builder fees at 0.1 % (100 tenths of a basis point). */
const PERP_BUILDER_FEE_CAP = 100;

/** Executes an authenticated L1 action for `user` (the signer, or the principal of an agent). */
export function executeL1(
  venue: Venue,
  user: string,
  action: L1Action,
  txHash: `0x${string}`,
): ExchangeOutcome {
  const core = venue.core;
  switch (action.type) {
    case "order": {
      if (action.builder) {
        const approved = core.account(user).builderFees[action.builder.b] ?? 0;
        if (action.builder.f > approved) return refuse("Builder fee has not been approved.");
        if (action.builder.f > PERP_BUILDER_FEE_CAP)
          return refuse("Builder fee exceeds the perps maximum of 0.1%.");
      }
      const builder = action.builder ? { b: action.builder.b, f: action.builder.f } : null;
      const statuses = placeBatch(core, user, action.orders.map(intent), action.grouping, builder, txHash);
      reconcile(core);
      return { reply: { status: "ok", response: { type: "order", data: { statuses } } } };
    }
    case "modify": {
      const status = modifyOrder(core, user, action.oid, intent(action.order), txHash);
      reconcile(core);
      return typeof status === "object" && "error" in status ? refuse(status.error) : ok();
    }
    case "batchModify": {
      const statuses = action.modifies.map((m) => modifyOrder(core, user, m.oid, intent(m.order), txHash));
      reconcile(core);
      return { reply: { status: "ok", response: { type: "order", data: { statuses } } } };
    }
    case "cancel": {
      const statuses = action.cancels.map((c) => cancelByOid(core, user, c.a, c.o));
      return { reply: { status: "ok", response: { type: "cancel", data: { statuses } } } };
    }
    case "cancelByCloid": {
      const statuses = action.cancels.map((c) => cancelByCloid(core, user, c.asset, c.cloid));
      return { reply: { status: "ok", response: { type: "cancel", data: { statuses } } } };
    }
    case "updateLeverage":
      return okOrRefuse(updateLeverage(core, user, action.asset, action.isCross, action.leverage));
    case "updateIsolatedMargin": {
      const error = updateIsolatedMargin(core, user, action.asset, action.ntli);
      if (!error) reconcile(core);
      return okOrRefuse(error);
    }
    case "agentSetAbstraction":
      return okOrRefuse(setAbstraction(core, user, AGENT_ABSTRACTION[action.abstraction]));
    case "noop":
      return ok();
  }
}

const intent = (o: WireOrder): OrderIntent => ({
  asset: o.a,
  isBuy: o.b,
  px: o.p,
  sz: o.s,
  reduceOnly: o.r,
  type: o.t,
  cloid: o.c,
});
