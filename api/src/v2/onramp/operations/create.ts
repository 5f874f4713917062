import { defineOperation } from "../../../kernel/registry/define.ts";
import { createPayment } from "../domain/payment.ts";
import type { OnrampContext } from "../domain/ports.ts";
import { ONRAMP_ERRORS, OnrampCreate, OnrampCreateRequest } from "../schemas.ts";

export const create = defineOperation({
  method: "POST",
  path: "/v2/onramp/create",
  summary: "Create a card purchase of USDC on Ethereum",
  description:
    "Creates the payment at the on-ramp provider and returns its `checkout_url`, where the user pays by card. The provider pays the USDC to `deposit_address` — a one-time wallet whose only owner is `destination_address` — and the deployment's settlement worker forwards it to `destination_address`. A `quote_id` from `quote` is checked (stale: 410; for another amount or currency: 422); the provider prices the payment as it is created. Send `Idempotency-Key` to make retries safe: a repeated request returns the same payment and charges once.",
  body: OnrampCreateRequest,
  response: OnrampCreate,
  errorModel: "domain",
  errors: Object.values(ONRAMP_ERRORS).filter((e) => e.status !== 404),
  widget: true,
  async handler({ body }, ctx: OnrampContext) {
    return createPayment({
      provider: ctx.services.onramp,
      publicUrl: ctx.config.publicUrl,
      body,
      options: { signal: ctx.signal, idempotencyKey: ctx.idempotencyKey },
    });
  },
});
