import { formatDecimal } from "../../../kernel/lib/format.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { requireAaveMarket } from "../../../protocols/aave/index.ts";
import { creditAccountAction } from "../domain/account-action.ts";
import { buildBorrow, checkBorrowFields, requireServedProtocol } from "../domain/borrow.ts";
import { buildMorphoBorrow } from "../domain/morpho-credit.ts";
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
    requireServedProtocol(body.protocol);
    checkBorrowFields(body);
    const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
    const aave =
      body.protocol === "AAVE" ? requireAaveMarket(ctx.config, body.chain, ["body", "chain"]) : undefined;
    const { built, ...envelope } = await creditAccountAction(
      { client, chain: body.chain, owner: body.owner, sponsored: body.gas_sponsorship },
      async (account): Promise<Awaited<ReturnType<typeof buildBorrow>>> => {
        const input = { client, chain: body.chain, account, body, owner: body.owner };
        return aave
          ? buildBorrow({
              ...input,
              market: aave,
              swaps: { config: ctx.config, aggregator: ctx.services.aggregator },
            })
          : buildMorphoBorrow({ ...input, config: ctx.config });
      },
    );
    const estimated = built.estimatedCollateral;
    return {
      ...envelope,
      ...(estimated ? { estimated_collateral_amount: estimated } : {}),
      ...(built.feeAmount !== undefined
        ? { fee_amount: formatDecimal(built.feeAmount, built.debtDecimals) }
        : {}),
    };
  },
});
