import { fieldError } from "../../../kernel/errors.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { readAccount } from "../domain/account.ts";
import { APPROVAL_CAP_TENTH_BPS, checkBuilderAddress, tenthBps } from "../domain/builder-fee.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { ApproveBuilderFeeRequest, SignableAction } from "../schemas.ts";
import { approveBuilderFeeAction } from "../venue/actions.ts";

/** The venue only lets users approve a builder that holds this much in perps. */
const BUILDER_MIN_USDC = 100;

export const approveBuilderFee = defineOperation({
  method: "POST",
  path: "/v2/perpetual_trading/approve_builder_fee",
  summary: "Approve a builder's fee (to sign)",
  description:
    "A user-signed `approveBuilderFee` action, needed once per (user, builder) before the first order carrying that builder. Orders may then charge up to the approved rate (at most 0.1 % on perps).",
  body: ApproveBuilderFeeRequest,
  response: SignableAction,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { aliases: ["abf"], short: { builder: "b" } },
  widget: true,
  async handler({ body }, ctx: PerpetualTradingContext) {
    const { address, max_fee_rate } = body.builder;
    checkBuilderAddress(address, ["body", "builder", "address"]);
    tenthBps(max_fee_rate, APPROVAL_CAP_TENTH_BPS, ["body", "builder", "max_fee_rate"]);
    const venue = ctx.services.venue;
    const { accountValue } = await readAccount(venue, address, ctx.signal);
    if (Number(accountValue) < BUILDER_MIN_USDC)
      throw fieldError(
        ["body", "builder", "address"],
        `A builder must hold at least ${BUILDER_MIN_USDC} USDC at the venue; this one holds ${accountValue}`,
      );
    return approveBuilderFeeAction(
      address.toLowerCase(),
      max_fee_rate,
      venue.network,
      body.signature_chain_id,
    );
  },
});
