import type { Address } from "viem";
import { numberToHex } from "viem";
import { fieldError } from "../../../kernel/errors.ts";
import { type OrderWire, orderAction } from "../venue/actions.ts";
import type { ClearinghouseState } from "../venue/wire.ts";
import { orderBuilder } from "./builder-fee.ts";
import { DEX, type Market } from "./markets.ts";
import type { PerpetualTradingContext } from "./ports.ts";
import { checkMinimum, checkSize } from "./rules.ts";
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
