import { defineOperation } from "../../../kernel/registry/define.ts";
import { prepareCancel } from "../domain/order.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { CancelOrderRequest, SignableAction } from "../schemas.ts";

export const cancelOrder = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/cancel_order",
  summary: "Cancel a resting order (to sign)",
  description:
    "Cancels by the venue's `order_id` or by the caller's `client_order_id` — exactly one. The order must be open on `asset` for `owner`.",
  body: CancelOrderRequest,
  response: SignableAction,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { aliases: ["co"], short: { asset: "a", client_order_id: "c" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    return prepareCancel(ctx, body);
  },
});
