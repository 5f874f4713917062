import { z } from "zod";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { qInt } from "../../../kernel/schemas/common.ts";
import { findMarket, loadMarkets } from "../domain/markets.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { toOrderBook } from "../domain/views.ts";
import { Asset } from "../schemas.ts";
import type { L2Book } from "../venue/wire.ts";

const Level = z
  .object({
    price: z.string(),
    size: z.string().describe("contracts resting at this price"),
    orders: z.int().describe("number of orders at this price"),
  })
  .meta({ id: "PerpetualTradingBookLevel" });

const OrderBookResponse = z
  .object({
    asset: z.string(),
    time_ms: z.int().describe("the venue's snapshot time, ms epoch"),
    bids: z.array(Level).describe("best (highest) first"),
    asks: z.array(Level).describe("best (lowest) first"),
    mid_price: z.string().nullable().describe("(best bid + best ask) / 2; null when a side is empty"),
    spread: z.string().nullable().describe("best ask − best bid; null when a side is empty"),
  })
  .meta({ id: "PerpetualTradingOrderBookResponse" });

export const orderBook = defineOperation({
  method: "GET",
  path: "/v2/perpetual_trading/order_book",
  summary: "Order book of a market",
  description:
    "Compass extension: the venue's level-2 book (`l2Book`), up to 20 price levels a side, best first, with the mid price and the spread. Not cached.",
  query: z.object({
    asset: Asset,
    sig_figs: qInt({
      min: 2,
      max: 5,
      description: "group levels to this many significant figures (2–5; default: every tick)",
    }).optional(),
  }),
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
