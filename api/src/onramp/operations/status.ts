import { USDC } from "@compass/constants";
import { defineOperation } from "../../registry/define.ts";
import { deliveredAmount } from "../domain/delivered-amount.ts";
import { plainDecimal } from "../domain/terms.ts";
import { ONRAMP_ERRORS, OnrampStatus, OnrampStatusQuery } from "../schemas.ts";

export const status = defineOperation({
  method: "GET",
  path: "/v2/onramp/status",
  summary: "Status of a card purchase of USDC",
  description:
    "Where the payment is, read live from the provider: pending (not paid yet), processing, delivered (with the delivery transaction and the USDC amount read from it on chain) or failed (declined, expired or refunded).",
  query: OnrampStatusQuery,
  response: OnrampStatus,
  errorModel: "domain",
  errors: [ONRAMP_ERRORS[404], ONRAMP_ERRORS[422], ONRAMP_ERRORS[502]],
  cli: { short: { payment_id: "p" } },
  widget: true,
  async handler({ query }, ctx) {
    const p = await ctx.services.onramp.get(query.payment_id, { signal: ctx.signal });
    let delivered: string | null = null;
    if (p.status === "delivered" && p.deliveryTxHash) {
      const client = ctx.services.chains.get("ethereum");
      delivered = await deliveredAmount(
        client,
        p.deliveryTxHash,
        USDC.ethereum!,
        p.depositAddress,
        p.destination,
      ).catch((error) => {
        ctx.log.warn({ err: (error as Error).message, payment: p.id }, "delivery receipt unreadable");
        return null;
      });
      delivered ??= plainDecimal(p.terms.outputAmount);
    }
    return {
      payment_id: p.id,
      status: p.status,
      output_amount_delivered: delivered,
      delivery_tx_hash: p.deliveryTxHash,
      destination_address: p.destination,
      updated_at: p.updatedAt === null ? null : new Date(p.updatedAt * 1000).toISOString(),
    };
  },
});
