import { defineOperation } from "../../../kernel/registry/define.ts";
import type { AccountCall } from "../../../product-accounts/index.ts";
import { requireAaveMarket } from "../../../protocols/aave/index.ts";
import { creditAccountAction } from "../domain/account-action.ts";
import { buildRepay, checkRepayFields, requireServedProtocol } from "../domain/borrow.ts";
import { buildMorphoRepay } from "../domain/morpho-credit.ts";
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
    requireServedProtocol(body.protocol);
    checkRepayFields(body);
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    const aave =
      body.protocol === "AAVE" ? requireAaveMarket(ctx.config, body.chain, ["body", "chain"]) : undefined;
    const { built, ...envelope } = await creditAccountAction(
      { client, chain: body.chain, owner: body.owner, sponsored: body.gas_sponsorship },
      async (account): Promise<{ calls: AccountCall[]; estimatedOut?: string }> => {
        const input = { client, chain: body.chain, account, body, owner: body.owner };
        if (!aave) return { calls: await buildMorphoRepay({ ...input, config: ctx.config }) };
        return buildRepay({
          ...input,
          market: aave,
          swaps: { config: ctx.config, aggregator: ctx.services.aggregator },
        });
      },
    );
    const estimated = built.estimatedOut;
    return { ...envelope, ...(estimated ? { estimated_token_out_amount: estimated } : {}) };
  },
});
