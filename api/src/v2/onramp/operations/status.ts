import { USDC } from "@compass/constants";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { findForward } from "../domain/forwarding.ts";
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
  errorModel: "domain",
  errors: [ONRAMP_ERRORS[404], ONRAMP_ERRORS[422], ONRAMP_ERRORS[502]],
  cli: { short: { payment_id: "p" } },
  widget: true,
  async handler({ query }, ctx: OnrampContext) {
    const p = await ctx.services.onramp.get(query.payment_id, { signal: ctx.signal });
    // The provider has paid the deposit address: delivered once the settlement worker's forward is on chain.
    const forward = p.paidToDeposit
      ? await findForward(
          ctx.services.chains.get("ethereum"),
          ctx.services.chains.logs,
          p.depositAddress,
          USDC.ethereum!,
        )
      : null;
    return {
      payment_id: p.id,
      status: forward ? ("delivered" as const) : p.status,
      output_amount_delivered: forward?.amount ?? null,
      delivery_tx_hash: forward?.txHash ?? null,
      destination_address: p.destination,
      updated_at: p.updatedAt === null ? null : new Date(p.updatedAt * 1000).toISOString(),
    };
  },
});
