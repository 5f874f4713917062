import { defineOperation } from "../../../kernel/registry/define.ts";
import { DEFAULT_SLIPPAGE_PERCENT, prepareMarketOrder } from "../domain/order.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { MarketOrderRequest, SignableAction } from "../schemas.ts";

export const marketOrder = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/market_order",
  summary: "Market order to sign",
  description: `An immediate-or-cancel limit at the mark price ± \`slippage_percent\` (default ${DEFAULT_SLIPPAGE_PERCENT}), built as the venue's \`order\` action. Checked first: asset, size step, $10 minimum, a position to reduce when \`reduce_only\`, builder fee approval. With \`take_profit\`/\`stop_loss\` (Compass extension) the action also carries their trigger orders (grouping \`normalTpsl\`), each on the right side of the mark. Sign \`typed_data\`, then POST /execute.`,
  body: MarketOrderRequest,
  response: SignableAction,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { aliases: ["mo"], short: { asset: "a", builder: "b", reduce_only: "r" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    return prepareMarketOrder(ctx, body);
  },
});
