import type { Address } from "viem";
import { updateLeverageAction } from "../venue/actions.ts";
import type { ActiveAssetData } from "../venue/wire.ts";
import type { Market } from "./markets.ts";
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
