import { defineOperation } from "../../../kernel/registry/define.ts";
import { paymentStatus } from "../domain/payment.ts";
import type { OnrampContext } from "../domain/ports.ts";
import { ONRAMP_ERRORS, OnrampStatus, OnrampStatusQuery } from "../schemas.ts";

export const status = defineOperation({
  method: "GET",
  path: "/v2/onramp/status",
  summary: "Status of a card purchase of USDC",
  description:
    "Where the payment is, read live from the provider and the chain: pending (not paid yet), processing (paid; the USDC is on its way to the one-time wallet or being forwarded from it), delivered (the USDC reached destination_address: the forwarding transaction and the amount, read on chain) or failed (declined, expired or refunded).",
  query: OnrampStatusQuery,
  response: OnrampStatus,
  history: true,
  errorModel: "domain",
  errors: [ONRAMP_ERRORS[404], ONRAMP_ERRORS[422], ONRAMP_ERRORS[502]],
  cli: { short: { payment_id: "p" } },
  widget: true,
  async handler({ query }, ctx: OnrampContext) {
    return paymentStatus({
      provider: ctx.services.onramp,
      chains: ctx.services.chains,
      paymentId: query.payment_id,
      options: { signal: ctx.signal },
    });
  },
});
