import { defineOperation } from "../../../kernel/registry/define.ts";
import { prepareSetLeverage } from "../domain/leverage.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { LeverageResponse, SetLeverageRequest } from "../schemas.ts";

export const setLeverage = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/set_leverage",
  summary: "Set an asset's leverage and margin mode (to sign)",
  description:
    "Whole-number multiplier in [1, the asset's max_leverage]; omitted or null → the maximum. Cross margin unless `margin_mode` is `isolated` (Compass extension). Already at that value and mode → `leverage_ok: true` and nothing to sign.",
  body: SetLeverageRequest,
  response: LeverageResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { aliases: ["sl"], short: { asset: "a", leverage: "l" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    return prepareSetLeverage(ctx, body);
  },
});
