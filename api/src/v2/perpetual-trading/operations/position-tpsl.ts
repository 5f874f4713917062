import { defineOperation } from "../../../kernel/registry/define.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { preparePositionTpsl } from "../domain/tpsl.ts";
import { PositionTpslRequest, SignableAction } from "../schemas.ts";

export const positionTpsl = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/position_tpsl",
  summary: "Take profit and stop loss on an open position (to sign)",
  description:
    "Compass extension: reduce-only trigger orders on the owner's open position (the venue's `positionTpsl` grouping): each closes the position when the mark reaches its `trigger_price`, at market unless it names a `limit_price`. A new one replaces the position's previous take profit (or stop loss); both go when the position closes. A take profit must be beyond the mark in the position's favour, a stop loss against it. Sign `typed_data`, then POST /execute; cancel one with cancel_order.",
  body: PositionTpslRequest,
  response: SignableAction,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { aliases: ["tpsl"], short: { asset: "a" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    return preparePositionTpsl(ctx, body);
  },
});
