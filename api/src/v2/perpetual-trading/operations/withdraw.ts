import { fieldError } from "../../../kernel/errors.ts";
import { compareDecimal } from "../../../kernel/lib/decimal.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { readAccount } from "../domain/account.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { SignableAction, WithdrawRequest } from "../schemas.ts";
import { withdrawAction } from "../venue/actions.ts";

/** The venue keeps $1 of every withdrawal for the Arbitrum transaction. */
const WITHDRAWAL_FEE_USDC = "1";

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
    if (compareDecimal(body.amount, WITHDRAWAL_FEE_USDC) <= 0)
      throw fieldError(
        ["body", "amount"],
        `Amount must exceed the venue's ${WITHDRAWAL_FEE_USDC} USDC withdrawal fee`,
      );
    const venue = ctx.services.venue;
    const { withdrawable } = await readAccount(venue, body.owner, ctx.signal);
    if (compareDecimal(body.amount, withdrawable) > 0)
      throw fieldError(["body", "amount"], `At most ${withdrawable} USDC can be withdrawn now`);
    return withdrawAction(
      (body.destination ?? body.owner).toLowerCase(),
      body.amount,
      venue.network,
      body.signature_chain_id,
    );
  },
});
