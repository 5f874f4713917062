import { fieldError, RequestValidationError } from "../../../kernel/errors.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { findMarket, loadMarkets } from "../domain/markets.ts";
import { cloidOf } from "../domain/order.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { CancelOrderRequest, SignableAction } from "../schemas.ts";
import { cancelAction, cancelByCloidAction } from "../venue/actions.ts";
import type { OrderStatus } from "../venue/wire.ts";

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
    const byOid = body.order_id !== null && body.order_id !== undefined;
    const cloid = cloidOf(body.client_order_id);
    if (byOid === !!cloid) {
      const msg = byOid ? "Give order_id or client_order_id, not both" : "Give order_id or client_order_id";
      throw new RequestValidationError([
        { loc: ["body", "order_id"], msg, type: "value_error" },
        { loc: ["body", "client_order_id"], msg, type: "value_error" },
      ]);
    }
    const venue = ctx.services.venue;
    const [markets, status] = await Promise.all([
      loadMarkets(venue, ctx.signal),
      venue.info<OrderStatus>(
        { type: "orderStatus", user: body.owner, oid: byOid ? body.order_id : cloid },
        ctx.signal,
      ),
    ]);
    const market = findMarket(markets, body.asset, ["body", "asset"]);
    const loc = byOid ? ["body", "order_id"] : ["body", "client_order_id"];
    const order = status.status === "order" ? status.order : undefined;
    if (!order || order.order.coin !== market.coin || order.status !== "open")
      throw fieldError(
        loc,
        order && order.order.coin === market.coin
          ? `Order ${order.order.oid} is ${order.status}, not open`
          : `No order ${byOid ? body.order_id : body.client_order_id} on ${market.ticker} for this owner`,
      );
    return byOid
      ? cancelAction(market.assetId, body.order_id!, venue.network)
      : cancelByCloidAction(market.assetId, cloid!, venue.network);
  },
});
