import { defineOperation } from "../../../kernel/registry/define.ts";
import { unloopAction } from "../domain/actions.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditUnloopRequest, CreditUnloopResponse } from "../schemas.ts";

export const unloop = defineOperation({
  method: "POST",
  path: "/v2/credit/unloop",
  summary: "Unwind an Aave or Morpho loop in one transaction",
  description:
    "Delevers the Credit Account's `collateral_token`/`borrow_token` loop on Aave v3 or in the Morpho Blue market `market_id` in one Safe transaction of legs — withdraw collateral, swap it through the aggregator into the debt token, repay the swap's guaranteed floor — each leg keeping the health factor at 1.02 or above. Omit `target_multiplier` to close (all debt repaid, all collateral back in the account), `1` to repay everything and keep the collateral supplied, or a multiplier below the current one. A target one transaction cannot reach is a 400 unless `allow_partial`, which returns the best progress. `preview` returns the legs and the ending position without a transaction.",
  body: CreditUnloopRequest,
  response: CreditUnloopResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g" } },
  async handler({ body }, ctx: CreditContext) {
    return unloopAction({
      config: ctx.config,
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      aggregator: ctx.services.aggregator,
      body,
    });
  },
});
