import type { z } from "zod";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import type { PositionTpslRequest } from "../schemas.ts";
import { type OrderWire, orderAction } from "../venue/actions.ts";
import type { ClearinghouseState } from "../venue/wire.ts";
import { DEX, findMarket, loadMarkets, type Market } from "./markets.ts";
import type { PerpetualTradingContext } from "./ports.ts";
import { checkPrice } from "./rules.ts";

/** A take profit or a stop loss as the wire takes it (Compass extension). */
export interface TpSlInput {
  trigger_price: string;
  /** absent or null: a market order when triggered (the venue's 10 % band); else a limit at this price */
  limit_price?: string | null;
}

export interface TpSlPair {
  take_profit?: TpSlInput | null;
  stop_loss?: TpSlInput | null;
}

export const hasTpSl = (p: TpSlPair): boolean => !!(p.take_profit || p.stop_loss);

/**
 * The venue's trigger orders closing a `long` (or short) position of `size` contracts: reduce-only, on the
 * other side. A take profit triggers beyond `reference` in the position's favour, a stop loss against it
 * (the venue fires a sell TP or a buy SL when the mark reaches it from below, the others from above); either
 * on the wrong side of the reference would fire at once, so it is a 422. `at` is where the fields are.
 */
export function triggerOrders(
  market: Market,
  long: boolean,
  size: string,
  reference: number,
  pair: TpSlPair,
  at: Loc,
): OrderWire[] {
  const orders: OrderWire[] = [];
  for (const [field, tpsl] of [
    ["take_profit", "tp"],
    ["stop_loss", "sl"],
  ] as const) {
    const input = pair[field];
    if (!input) continue;
    const loc = [...at, field, "trigger_price"] as Loc;
    checkPrice(market, input.trigger_price, loc);
    if (input.limit_price) checkPrice(market, input.limit_price, [...at, field, "limit_price"] as Loc);
    const above = (tpsl === "tp") === long;
    const trigger = Number(input.trigger_price);
    if (above ? !(trigger > reference) : !(trigger < reference))
      throw fieldError(
        loc,
        `A ${tpsl === "tp" ? "take profit" : "stop loss"} on a ${long ? "long" : "short"} must trigger ${above ? "above" : "below"} ${reference}`,
      );
    orders.push({
      a: market.assetId,
      b: !long,
      p: input.limit_price ?? input.trigger_price,
      s: size,
      r: true,
      t: { trigger: { isMarket: !input.limit_price, triggerPx: input.trigger_price, tpsl } },
    });
  }
  return orders;
}

/**
 * POST /v2/perpetual_trading/position_tpsl: a take profit and/or stop loss on the owner's open position, to sign;
 * each trigger closes the whole position as it is when it fires.
 */
export async function preparePositionTpsl(
  ctx: PerpetualTradingContext,
  body: z.output<typeof PositionTpslRequest>,
) {
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
}
