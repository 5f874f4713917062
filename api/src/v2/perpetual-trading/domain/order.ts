import type { Address } from "viem";
import { numberToHex } from "viem";
import type { z } from "zod";
import { fieldError, RequestValidationError } from "../../../kernel/errors.ts";
import type { CancelOrderRequest, LimitOrderRequest, MarketOrderRequest } from "../schemas.ts";
import { cancelAction, cancelByCloidAction, type OrderWire, orderAction } from "../venue/actions.ts";
import type { ClearinghouseState, OrderStatus } from "../venue/wire.ts";
import { orderBuilder } from "./builder-fee.ts";
import { DEX, findMarket, loadMarkets, type Market } from "./markets.ts";
import type { PerpetualTradingContext } from "./ports.ts";
import { checkMinimum, checkPrice, checkSize, marketLimitPrice } from "./rules.ts";
import { hasTpSl, type TpSlPair, triggerOrders } from "./tpsl.ts";

export interface OrderIntent {
  owner: Address;
  market: Market;
  side: "buy" | "sell";
  size: string;
  price: string;
  tif: "Gtc" | "Ioc" | "Alo";
  reduceOnly: boolean;
  cloid?: `0x${string}`;
  builder?: { address: Address; max_fee_rate: string } | null;
  /** take profit and stop loss for the position this order opens (grouping `normalTpsl`) */
  tpsl?: TpSlPair;
}

/** Price protection when the caller names none (Ours): 5 % either side of the mark. */
export const DEFAULT_SLIPPAGE_PERCENT = 5;

/** POST /v2/perpetual_trading/limit_order: a resting limit at the caller's price (ticks checked), to sign. */
export async function prepareLimitOrder(
  ctx: PerpetualTradingContext,
  body: z.output<typeof LimitOrderRequest>,
) {
  const market = findMarket(await loadMarkets(ctx.services.venue, ctx.signal), body.asset, ["body", "asset"]);
  checkPrice(market, body.price, ["body", "price"]);
  return prepareOrder(ctx, {
    owner: body.owner,
    market,
    side: body.side,
    size: body.size,
    price: body.price,
    tif: body.time_in_force === "alo" ? "Alo" : "Gtc",
    reduceOnly: body.reduce_only ?? false,
    cloid: cloidOf(body.client_order_id),
    builder: body.builder,
    tpsl: body,
  });
}

/** POST /v2/perpetual_trading/market_order: an immediate-or-cancel limit at the mark ± the slippage, to sign. */
export async function prepareMarketOrder(
  ctx: PerpetualTradingContext,
  body: z.output<typeof MarketOrderRequest>,
) {
  const market = findMarket(await loadMarkets(ctx.services.venue, ctx.signal), body.asset, ["body", "asset"]);
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
}

/**
 * POST /v2/perpetual_trading/cancel_order: the cancel of an order open on `asset` for the owner, by the venue's
 * `order_id` or the caller's `client_order_id` (exactly one), to sign.
 */
export async function prepareCancel(ctx: PerpetualTradingContext, body: z.output<typeof CancelOrderRequest>) {
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
}

/**
 * Checks an order the way the venue will (size step, $10 minimum, something to reduce, builder fee
 * approved) and builds it; the price has been checked by the caller (limit) or derived (market).
 */
export async function prepareOrder(ctx: PerpetualTradingContext, o: OrderIntent) {
  const venue = ctx.services.venue;
  checkSize(o.market, o.size, ["body", "size"]);
  const isBuy = o.side === "buy";
  const [position, builder] = await Promise.all([
    o.reduceOnly ? positionSize(ctx, o.owner, o.market) : 0,
    o.builder ? orderBuilder(venue, o.owner, o.builder, ctx.signal) : undefined,
  ]);
  const reducible = isBuy ? Math.max(0, -position) : Math.max(0, position);
  if (o.reduceOnly && reducible === 0)
    throw fieldError(
      ["body", "reduce_only"],
      `No ${isBuy ? "short" : "long"} ${o.market.ticker} position to reduce`,
    );
  // A reduce-only order that closes the whole position is exempt from the minimum, as at the venue.
  if (!(o.reduceOnly && Number(o.size) >= reducible)) checkMinimum(o.price, o.size, ["body", "size"]);
  const tpsl = o.tpsl && hasTpSl(o.tpsl);
  if (tpsl && o.reduceOnly)
    throw fieldError(
      ["body", o.tpsl!.take_profit ? "take_profit" : "stop_loss"],
      "A take profit or stop loss goes with an order that opens or adds to a position (for an open position: position_tpsl)",
    );
  // the triggers are measured from what the order pays: its limit, or the mark for a market order
  const reference = Number(o.tif === "Ioc" ? o.market.ctx.markPx : o.price);
  const wire: OrderWire = {
    a: o.market.assetId,
    b: isBuy,
    p: o.price,
    s: o.size,
    r: o.reduceOnly,
    t: { limit: { tif: o.tif } },
    ...(o.cloid && { c: o.cloid }),
  };
  const triggers = tpsl ? triggerOrders(o.market, isBuy, o.size, reference, o.tpsl!, ["body"]) : [];
  return orderAction([wire, ...triggers], venue.network, builder, tpsl ? "normalTpsl" : "na");
}

/** Signed position size in contracts (0 when flat). */
export async function positionSize(
  ctx: PerpetualTradingContext,
  owner: Address,
  market: Market,
): Promise<number> {
  const state = await ctx.services.venue.info<ClearinghouseState>(
    { type: "clearinghouseState", user: owner, dex: DEX },
    ctx.signal,
  );
  return Number(state.assetPositions.find((a) => a.position.coin === market.coin)?.position.szi ?? 0);
}

/** uint128 → the venue's 16-byte cloid. */
export const cloidOf = (id: bigint | null | undefined): `0x${string}` | undefined =>
  id === null || id === undefined ? undefined : numberToHex(id, { size: 16 });
