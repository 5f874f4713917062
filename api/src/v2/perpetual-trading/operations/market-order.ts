import { defineOperation } from "../../../kernel/registry/define.ts";
import { findMarket, loadMarkets } from "../domain/markets.ts";
import { prepareOrder } from "../domain/order.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { marketLimitPrice } from "../domain/rules.ts";
import { MarketOrderRequest, SignableAction } from "../schemas.ts";

/** Price protection when the caller names none (Ours): 5 % either side of the mark. */
const DEFAULT_SLIPPAGE_PERCENT = 5;

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
    const market = findMarket(await loadMarkets(ctx.services.venue, ctx.signal), body.asset, [
      "body",
      "asset",
    ]);
    const slippage = body.slippage_percent ?? DEFAULT_SLIPPAGE_PERCENT;
    return prepareOrder(ctx, {
      owner: body.owner,
      market,
      side: body.side,
      size: body.size,
      price: marketLimitPrice(market, body.side === "buy", slippage, ["body", "slippage_percent"]),
      tif: "Ioc",
      reduceOnly: body.reduce_only ?? false,
      builder: body.builder,
      tpsl: body,
    });
  },
});
