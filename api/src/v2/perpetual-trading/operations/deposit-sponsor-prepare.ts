import { defineOperation } from "../../../kernel/registry/define.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { prepareSponsoredDeposit } from "../domain/sponsored-deposit.ts";
import { SponsoredDepositRequest, SponsorPrepareResponse } from "../schemas.ts";

export const depositSponsorPrepare = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/deposit/sponsor_prepare",
  summary: "Arbitrum transaction for a sponsor wallet to relay a signed deposit permit",
  description:
    "Bridge2.batchedDepositWithPermit with the owner's signed permit, for `sender` (the integrator's sponsor wallet) to sign and broadcast — the API never broadcasts. Checked first: deadline, the owner's USDC balance, the permit's signer, and a simulation (the bridge does not revert on a bad permit, so the simulation must show USDC moving). After the receipt, confirm a USDC Transfer to the bridge was emitted.",
  body: SponsoredDepositRequest,
  response: SponsorPrepareResponse,
  errors: [{ status: 502, description: "Arbitrum RPC unreachable" }],
  cli: { command: "deposit-sponsor-prepare", aliases: ["dsp"], short: { amount_raw: "a" } },
  widget: true,
  handler: ({ body }, ctx: PerpetualTradingContext) => prepareSponsoredDeposit(ctx, body),
});
