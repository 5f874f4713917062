import { defineOperation } from "../../../kernel/registry/define.ts";
import { findMarket, loadMarkets } from "../domain/markets.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { toOrderBook } from "../domain/views.ts";
import { OrderBookQuery, OrderBookResponse } from "../schemas.ts";
import type { L2Book } from "../venue/wire.ts";

export const orderBook = defineOperation({
  method: "GET",
  path: "/v2/perpetual_trading/order_book",
  summary: "Order book of a market",
  description:
    "Compass extension: the venue's level-2 book (`l2Book`), up to 20 price levels a side, best first, with the mid price and the spread. Not cached.",
  query: OrderBookQuery,
  response: OrderBookResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { aliases: ["ob"], short: { asset: "a" } },
  widget: true,
  async handler({ query }, ctx: PerpetualTradingContext) {
    const venue = ctx.services.venue;
    const market = findMarket(await loadMarkets(venue, ctx.signal), query.asset, ["query", "asset"]);
    const book = await venue.info<L2Book>(
      { type: "l2Book", coin: market.coin, ...(query.sig_figs ? { nSigFigs: query.sig_figs } : {}) },
      ctx.signal,
    );
    return toOrderBook(market.ticker, book);
  },
});
