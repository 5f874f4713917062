import { cancelByCloid, cancelByOid } from "../engine/cancel.ts";
import { placeOrder } from "../engine/placement.ts";
import { AGENT_ABSTRACTION, setAbstraction, updateLeverage } from "../engine/settings.ts";
import { reconcile } from "../engine/sync.ts";
import type { L1Action } from "../signing/l1Actions.ts";
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
      const statuses = action.orders.map((o) =>
        placeOrder(
          core,
          user,
          { asset: o.a, isBuy: o.b, px: o.p, sz: o.s, reduceOnly: o.r, type: o.t, cloid: o.c },
          builder,
          txHash,
        ),
      );
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
    case "agentSetAbstraction":
      return okOrRefuse(setAbstraction(core, user, AGENT_ABSTRACTION[action.abstraction]));
    case "noop":
      return ok();
  }
}
