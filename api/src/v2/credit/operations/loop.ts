import { defineOperation } from "../../../kernel/registry/define.ts";
import { productAccountAddress } from "../../../product-accounts/index.ts";
import { creditAccountAction } from "../domain/account-action.ts";
import { planLoop } from "../domain/loop.ts";
import type { CreditContext } from "../domain/ports.ts";
import { loopVenueOf } from "../domain/venue.ts";
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
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    const venue = await loopVenueOf(ctx.config, client, body, "loops");
    const plan = (account: `0x${string}`, checkBalance: boolean) =>
      planLoop({
        client,
        chain: body.chain,
        venue,
        aggregator: ctx.services.aggregator,
        account,
        body,
        checkBalance,
      });
    if (body.preview) {
      const { preview } = await plan(productAccountAddress(body.owner, "credit"), false);
      return { transaction: null, eip_712: null, preview, swap_provider: "one_inch" as const };
    }
    const { built, ...envelope } = await creditAccountAction(
      { client, chain: body.chain, owner: body.owner, sponsored: body.gas_sponsorship },
      (account) => plan(account, true),
    );
    return { ...envelope, preview: built.preview, swap_provider: "one_inch" as const };
  },
});
