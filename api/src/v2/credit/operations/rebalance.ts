import { defineOperation } from "../../../kernel/registry/define.ts";
import { rebalanceAction } from "../domain/actions.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditRebalanceRequest, CreditRebalanceResponse } from "../schemas.ts";

export const rebalance = defineOperation({
  method: "POST",
  path: "/v2/credit/rebalance",
  summary: "Move the Credit Account's loops to their targets in one transaction",
  description:
    "Takes each named Aave loop (`collateral_token`/`borrow_token`) toward its target in one Safe transaction: `close` unwinds it fully and takes the collateral back, a lower `target_multiplier` unwinds to it, and a loop not open yet is opened with `target_equity_usd` of the collateral from the account's idle balance — which includes what the closes freed in the same transaction — at `target_multiplier`. An open loop grows or shrinks to another `target_equity_usd` at its multiplier (a shrink withdraws the difference into the account), or levers up to a higher `target_multiplier` by borrowing against its own collateral first. Closes, shrinks and unwinds run first. A target already met (within 0.5 %) is a noop, and with every target met the answer carries no transaction. Changing equity and multiplier at once is a 422 on the field for now.",
  body: CreditRebalanceRequest,
  response: CreditRebalanceResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g" } },
  async handler({ body }, ctx: CreditContext) {
    return rebalanceAction({
      config: ctx.config,
      client: ctx.services.chains.get(body.chain, ["body", "chain"]),
      aggregator: ctx.services.aggregator,
      body,
    });
  },
});
