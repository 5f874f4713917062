import { UpstreamError } from "../../../kernel/errors.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { checkoutUrl } from "../domain/checkout-url.ts";
import { oneTimeWalletAddress, paymentSalt } from "../domain/one-time-wallet.ts";
import type { OnrampContext } from "../domain/ports.ts";
import { checkQuoteId } from "../domain/quote-id.ts";
import { onrampQuote } from "../domain/terms.ts";
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
    if (body.quote_id) checkQuoteId(body.quote_id, body.fiat_amount, body.fiat_currency);
    const salt = paymentSalt(ctx.idempotencyKey);
    const depositAddress = oneTimeWalletAddress(body.destination_address, salt);
    const payment = await ctx.services.onramp.create(
      {
        fiatAmount: body.fiat_amount,
        fiatCurrency: body.fiat_currency,
        destination: body.destination_address,
        depositAddress,
        salt,
      },
      { signal: ctx.signal, idempotencyKey: ctx.idempotencyKey },
    );
    // Never hand out a deposit address we cannot prove belongs to the buyer alone.
    if (!payment.salt || oneTimeWalletAddress(payment.destination, payment.salt) !== payment.depositAddress)
      throw new UpstreamError(
        "onramp",
        "The provider settles into an address that is not the buyer's one-time wallet",
        "On-ramp provider error",
      );
    return {
      payment_id: payment.id,
      deposit_address: payment.depositAddress,
      checkout_url: checkoutUrl(ctx.config.publicUrl, payment.destination, payment.id),
      user_instructions: `Open checkout_url in a browser and pay by card (verify your identity if asked). Then poll GET /v2/onramp/status?payment_id=${payment.id} every few seconds until status is delivered or failed. The USDC arrives in ${payment.destination} on Ethereum.`,
      status: payment.status,
      quote: onrampQuote({ ...payment.terms, quoteId: body.quote_id ?? null }),
    };
  },
});
