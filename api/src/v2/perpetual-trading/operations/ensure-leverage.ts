import { defineOperation } from "../../../kernel/registry/define.ts";
import { leverageTo } from "../domain/leverage.ts";
import { findMarket, loadMarkets } from "../domain/markets.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { EnsureLeverageRequest, LeverageResponse } from "../schemas.ts";

export const ensureLeverage = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/ensure_leverage",
  summary: "Make sure an asset trades at 1× cross (to sign when it does not)",
  description:
    "Target 1× cross margin. Already there → `leverage_ok: true` and nothing to sign; otherwise an `updateLeverage` action.",
  body: EnsureLeverageRequest,
  response: LeverageResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { aliases: ["el"], short: { asset: "a" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    const market = findMarket(await loadMarkets(ctx.services.venue, ctx.signal), body.asset, [
      "body",
      "asset",
    ]);
    return leverageTo(ctx, body.owner, market, 1);
  },
});
