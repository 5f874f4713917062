import { defineOperation } from "../../../kernel/registry/define.ts";
import { prepareBuilderFeeApproval } from "../domain/builder-fee.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { ApproveBuilderFeeRequest, SignableAction } from "../schemas.ts";

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
    return prepareBuilderFeeApproval(ctx, body);
  },
});
