import { defineOperation } from "../../../kernel/registry/define.ts";
import { prepareWithdraw } from "../domain/account.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { SignableAction, WithdrawRequest } from "../schemas.ts";

export const withdraw = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/withdraw",
  summary: "Withdraw USDC from the venue to Arbitrum (to sign)",
  description:
    "A user-signed `withdraw3` action paying `amount` less the venue's $1 fee to `destination` (default: owner) on Arbitrum. Checked first against what the account can withdraw now. Execute it via /execute; the payout follows on chain.",
  body: WithdrawRequest,
  response: SignableAction,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { short: { amount: "a" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    return prepareWithdraw(ctx, body);
  },
});
