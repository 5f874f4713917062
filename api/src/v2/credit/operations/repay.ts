import { defineOperation } from "../../../kernel/registry/define.ts";
import { repayAction } from "../domain/actions.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditRepayRequest, CreditRepayResponse } from "../schemas.ts";

export const repay = defineOperation({
  method: "POST",
  path: "/v2/credit/repay",
  summary: "Repay debt, and withdraw collateral",
  description:
    "From the Credit Account, in one transaction: repay `repay_amount` of its `repay_token` debt from its balance (or pulled from the wallet with a Permit2 signature) — an amount above the debt repays it all (on Morpho by shares, so no dust stays owing) and leaves the rest — then optionally withdraw `withdraw_amount` of `withdraw_token` collateral into the account. On Aave v3 (default) or in a Morpho Blue market (`protocol: MORPHO`, `market_id`). A withdrawal the remaining debt would not allow is a 422; simulated before it is returned.",
  body: CreditRepayRequest,
  response: CreditRepayResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g" } },
  async handler({ body }, ctx: CreditContext) {
    return repayAction({
      config: ctx.config,
      chains: ctx.services.chains,
      aggregator: ctx.services.aggregator,
      body,
    });
  },
});
