import { defineOperation } from "../../../kernel/registry/define.ts";
import { prepareUnifiedAccount } from "../domain/account.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { EnableUnifiedAccountRequest, EnableUnifiedAccountResponse } from "../schemas.ts";

export const enableUnifiedAccount = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/enable_unified_account",
  summary: "Let the traditional-asset markets use the account's collateral (to sign)",
  description:
    'Reads the account\'s mode. Already unified (or portfolio margin, reported as "portfolioMargin") → the mode and nothing to sign. Otherwise a user-signed `userSetAbstraction` action to execute. The venue refuses accounts it never credited: deposit first.',
  body: EnableUnifiedAccountRequest,
  response: EnableUnifiedAccountResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { aliases: ["eua"] },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    return prepareUnifiedAccount(ctx, body);
  },
});
