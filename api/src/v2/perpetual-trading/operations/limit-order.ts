import { defineOperation } from "../../../kernel/registry/define.ts";
import { prepareLimitOrder } from "../domain/order.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { LimitOrderRequest, SignableAction } from "../schemas.ts";

export const limitOrder = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/limit_order",
  summary: "Limit order to sign",
  description:
    "A resting limit order: `gtc` (default) rests until filled or cancelled, `alo` (post-only) is refused by the venue if it would match at once. Checked first: asset, price ticks (≤ 5 significant figures), size step, $10 minimum, reduce-only, builder fee approval. With `take_profit`/`stop_loss` (Compass extension) the action also carries their trigger orders (grouping `normalTpsl`), active once the order fills, each on the right side of the limit.",
  body: LimitOrderRequest,
  response: SignableAction,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: {
    aliases: ["lo"],
    short: {
      asset: "a",
      builder: "b",
      client_order_id: "c",
      price: "p",
      reduce_only: "r",
      time_in_force: "t",
    },
  },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    return prepareLimitOrder(ctx, body);
  },
});
