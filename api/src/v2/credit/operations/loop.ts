import { defineOperation } from "../../../kernel/registry/define.ts";
import { loopAction } from "../domain/actions.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditLoopRequest, CreditLoopResponse } from "../schemas.ts";

export const loop = defineOperation({
  method: "POST",
  path: "/v2/credit/loop",
  summary: "Lever up collateral on Aave or Morpho in one transaction",
  description:
    "Supplies `initial_collateral_amount` of `collateral_token` from the Credit Account to Aave v3 (`protocol` AAVE, the default) or posts it in the Morpho Blue market `market_id` (`protocol` MORPHO; the tokens are the market's collateral and loan token), then repeats legs — borrow `loan_to_value` of the last supply in `borrow_token`, swap it through the aggregator into the collateral, supply the swap's guaranteed floor — until the collateral supplied is `multiplier` × the seed (within 0.5 %, else a 400), all in one Safe transaction. Legs, not a flash loan: a Safe cannot answer a flash loan's callback. On Morpho `loan_to_value` stays below the market's LLTV. `preview` returns the legs, projected LTV and health factor and the possible dust without a transaction. Broadcast promptly: the swap floors are live quotes.",
  body: CreditLoopRequest,
  response: CreditLoopResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g" } },
  async handler({ body }, ctx: CreditContext) {
    return loopAction({
      config: ctx.config,
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      aggregator: ctx.services.aggregator,
      body,
    });
  },
});
