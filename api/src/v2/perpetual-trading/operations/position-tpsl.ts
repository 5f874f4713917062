import { fieldError } from "../../../kernel/errors.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { DEX, findMarket, loadMarkets } from "../domain/markets.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { hasTpSl, triggerOrders } from "../domain/tpsl.ts";
import { PositionTpslRequest, SignableAction } from "../schemas.ts";
import { orderAction } from "../venue/actions.ts";
import type { ClearinghouseState } from "../venue/wire.ts";

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
    const venue = ctx.services.venue;
    if (!hasTpSl(body)) throw fieldError(["body", "take_profit"], "Give a take_profit, a stop_loss, or both");
    const [markets, state] = await Promise.all([
      loadMarkets(venue, ctx.signal),
      venue.info<ClearinghouseState>({ type: "clearinghouseState", user: body.owner, dex: DEX }, ctx.signal),
    ]);
    const market = findMarket(markets, body.asset, ["body", "asset"]);
    const szi = state.assetPositions.find((a) => a.position.coin === market.coin)?.position.szi;
    if (!szi || Number(szi) === 0)
      throw fieldError(["body", "asset"], `No open ${market.ticker} position for this owner`);
    const long = !szi.startsWith("-");
    // size 0: the trigger closes the whole position as it is when it fires (it follows later fills)
    const orders = triggerOrders(market, long, "0", Number(market.ctx.markPx), body, ["body"]);
    return orderAction(orders, venue.network, undefined, "positionTpsl");
  },
});
