import { USDC } from "@compass/constants";
import type { z } from "zod";
import type { ChainClients } from "../../../kernel/chain/clients.ts";
import { UpstreamError } from "../../../kernel/errors.ts";
import type { OnrampCreateRequest } from "../schemas.ts";
import { checkoutUrl } from "./checkout-url.ts";
import { findForward } from "./forwarding.ts";
import { oneTimeWalletAddress, paymentSalt } from "./one-time-wallet.ts";
import type { CallOptions, OnrampProvider } from "./provider.ts";
import { checkQuoteId } from "./quote-id.ts";
import { onrampQuote } from "./terms.ts";

/**
 * POST /v2/onramp/create: the payment created at the provider, settling into the buyer's one-time wallet (its salt
 * from the Idempotency-Key, so a retry derives the same wallet); a `quote_id` is checked first.
 */
export async function createPayment(input: {
  provider: OnrampProvider;
  publicUrl: string;
  body: z.output<typeof OnrampCreateRequest>;
  options: CallOptions;
}) {
  const { body, options } = input;
  if (body.quote_id) checkQuoteId(body.quote_id, body.fiat_amount, body.fiat_currency);
  const salt = paymentSalt(options.idempotencyKey);
  const depositAddress = oneTimeWalletAddress(body.destination_address, salt);
  const payment = await input.provider.create(
    {
      fiatAmount: body.fiat_amount,
      fiatCurrency: body.fiat_currency,
      destination: body.destination_address,
      depositAddress,
      salt,
    },
    options,
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
    checkout_url: checkoutUrl(input.publicUrl, payment.destination, payment.id),
    user_instructions: `Open checkout_url in a browser and pay by card (verify your identity if asked). Then poll GET /v2/onramp/status?payment_id=${payment.id} every few seconds until status is delivered or failed. The USDC arrives in ${payment.destination} on Ethereum.`,
    status: payment.status,
    quote: onrampQuote({ ...payment.terms, quoteId: body.quote_id ?? null }),
  };
}

/**
 * GET /v2/onramp/status: the payment as the provider reports it, `delivered` once the provider has paid the deposit
 * address and the settlement worker's forward is on chain (read on Ethereum only then).
 */
export async function paymentStatus(input: {
  provider: OnrampProvider;
  chains: ChainClients;
  paymentId: string;
  options: CallOptions;
}) {
  const p = await input.provider.get(input.paymentId, input.options);
  const forward = p.paidToDeposit
    ? await findForward(input.chains.get("ethereum"), input.chains.logs, p.depositAddress, USDC.ethereum!)
    : null;
  return {
    payment_id: p.id,
    status: forward ? ("delivered" as const) : p.status,
    output_amount_delivered: forward?.amount ?? null,
    delivery_tx_hash: forward?.txHash ?? null,
    destination_address: p.destination,
    updated_at: p.updatedAt === null ? null : new Date(p.updatedAt * 1000).toISOString(),
  };
}
