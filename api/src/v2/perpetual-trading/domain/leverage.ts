import type { Address } from "viem";
import type { z } from "zod";
import { fieldError } from "../../../kernel/errors.ts";
import type { SetLeverageRequest } from "../schemas.ts";
import { updateLeverageAction } from "../venue/actions.ts";
import type { ActiveAssetData } from "../venue/wire.ts";
import { findMarket, loadMarkets, type Market } from "./markets.ts";
import type { PerpetualTradingContext } from "./ports.ts";

export type MarginMode = "cross" | "isolated";

/**
 * Brings the owner's leverage on `market` to `target`× in `mode` (cross by default). The venue keeps the
 * setting per asset whether or not a position is open (activeAssetData), so an account already there has
 * nothing to sign.
 */
export async function leverageTo(
  ctx: PerpetualTradingContext,
  owner: Address,
  market: Market,
  target: number,
  mode: MarginMode = "cross",
) {
  const venue = ctx.services.venue;
  const data = await venue.info<ActiveAssetData>(
    { type: "activeAssetData", user: owner, coin: market.coin },
    ctx.signal,
  );
  if (data.leverage.type === mode && data.leverage.value === target)
    return { leverage_ok: true, typed_data: null, action: null, nonce: null };
  const action = await updateLeverageAction(market.assetId, target, venue.network, mode === "cross");
  return { leverage_ok: false, ...action };
}

/** POST /v2/perpetual_trading/set_leverage: the asset's leverage (its maximum by default) and margin mode. */
export async function prepareSetLeverage(
  ctx: PerpetualTradingContext,
  body: z.output<typeof SetLeverageRequest>,
) {
  const market = findMarket(await loadMarkets(ctx.services.venue, ctx.signal), body.asset, ["body", "asset"]);
  const target = body.leverage ?? market.maxLeverage;
  if (target > market.maxLeverage)
    throw fieldError(["body", "leverage"], `${market.ticker} allows at most ${market.maxLeverage}× leverage`);
  return leverageTo(ctx, body.owner, market, target, body.margin_mode);
}
