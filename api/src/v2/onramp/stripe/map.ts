import { getAddress, type Hex } from "viem";
import { UpstreamError } from "../../../kernel/errors.ts";
import type { PaymentStatus, ProviderPayment, QuoteTerms } from "../domain/provider.ts";

/**
 * Stripe's session statuses on the spec's enum (onramp.md §4); expired and refused sessions are `rejected`.
 * `fulfillment_complete` means Stripe has paid the deposit address: still `processing` for the buyer until our
 * settlement worker has forwarded the USDC (the status operation reads that on chain).
 */
const STATUS: Record<string, Exclude<PaymentStatus, "delivered">> = {
  initialized: "pending",
  requires_payment: "pending",
  fulfillment_processing: "processing",
  fulfillment_complete: "processing",
  rejected: "failed",
};

/** A quotes object's Ethereum USDC quote as terms. */
export function quoteTerms(quotes: any): QuoteTerms {
  const q = (quotes?.destination_network_quotes?.ethereum ?? []).find(
    (x: any) => x.destination_currency === "usdc",
  );
  if (!q)
    throw new UpstreamError(
      "onramp",
      "The on-ramp provider returned no USDC quote on Ethereum",
      "On-ramp provider error",
    );
  return {
    fiatAmount: quotes.source_amount,
    fiatCurrency: String(quotes.source_currency).toUpperCase(),
    outputAmount: q.destination_amount,
    providerFee: q.fees.transaction_fee_monetary,
    networkFee: q.fees.network_fee_monetary,
    quoteId: q.id ?? null,
    minAmount: quotes.limits?.source_amount_min ?? null,
    maxAmount: quotes.limits?.source_amount_max ?? null,
    expiresAt: typeof q.expires_at === "number" ? q.expires_at : null,
  };
}

export function sessionPayment(s: any, replayed = false): ProviderPayment {
  const t = s.transaction_details ?? {};
  const deposit = t.wallet_addresses?.ethereum ?? t.wallet_address;
  const status = STATUS[s.status];
  if (!status || !deposit)
    throw new UpstreamError(
      "onramp",
      `Unexpected on-ramp session ${s.id} (status ${s.status})`,
      "On-ramp provider error",
    );
  const owner = s.metadata?.destination_address ?? deposit;
  const transitions = Object.values<number>(s.status_transitions ?? {}).filter((n) => typeof n === "number");
  return {
    id: s.id,
    status,
    paidToDeposit: s.status === "fulfillment_complete",
    destination: getAddress(owner),
    depositAddress: getAddress(deposit),
    salt: (s.metadata?.one_time_wallet_salt as Hex | undefined) ?? null,
    terms: {
      fiatAmount: t.source_amount,
      fiatCurrency: String(t.source_currency).toUpperCase(),
      outputAmount: t.destination_amount,
      providerFee: t.fees?.transaction_fee_amount,
      networkFee: t.fees?.network_fee_amount,
      quoteId: null,
      minAmount: null,
      maxAmount: null,
      // an unpaid payment holds its price until it expires
      expiresAt: typeof s.expires_at === "number" && status === "pending" ? s.expires_at : null,
    },
    paymentPageUrl: s.redirect_url,
    paymentTxHash: s.status === "fulfillment_complete" ? (t.transaction_id ?? null) : null,
    updatedAt: transitions.length ? Math.max(...transitions) : (s.created ?? null),
    replayed,
  };
}
