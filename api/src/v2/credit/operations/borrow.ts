import { defineOperation } from "../../../kernel/registry/define.ts";
import { borrowAction } from "../domain/actions.ts";
import type { CreditContext } from "../domain/ports.ts";
import { CreditBorrowRequest, CreditBorrowResponse } from "../schemas.ts";

export const borrow = defineOperation({
  method: "POST",
  path: "/v2/credit/borrow",
  summary: "Supply collateral and borrow against it",
  description:
    "From the Credit Account, in one transaction: supply `amount_in` of `token_in` (in the account, or pulled from the wallet with a Permit2 signature) as collateral — swapped first through the aggregator into `collateral_token` when that differs (Aave; the swap's guaranteed floor is supplied, `estimated_collateral_amount` is its quote) — or omit both to borrow against what is there — and borrow `borrow_amount` of `borrow_token` into the account, less an optional integrator fee. On Aave v3 (default) or in a Morpho Blue market (`protocol: MORPHO`, `market_id`). What the protocol would refuse (borrowing disabled, a frozen or paused reserve, not enough liquidity, not enough collateral at its prices) is a 422 naming the field, before anything is signed; the transaction is simulated before it is returned.",
  body: CreditBorrowRequest,
  response: CreditBorrowResponse,
  widget: true,
  cli: { short: { chain: "c", gas_sponsorship: "g" } },
  async handler({ body }, ctx: CreditContext) {
    return borrowAction({
      config: ctx.config,
      chains: ctx.services.chains,
      aggregator: ctx.services.aggregator,
      body,
    });
  },
});
