/**
 * The on-ramp provider as the API sees it: quote, create, status. The API keeps nothing; each call goes to
 * the provider. Implementations map a provider's own protocol onto these shapes (stripe/ speaks Stripe's
 * Crypto Onramp API, which the devnet's provider twin serves).
 */
import type { Hex } from "viem";

/** The spec's status enum (onramp.md §4). */
export type PaymentStatus = "pending" | "processing" | "delivered" | "failed";

export interface QuoteTerms {
  /** fiat converted to USDC, fees excluded */
  fiatAmount: string;
  /** ISO-4217, upper case */
  fiatCurrency: string;
  /** USDC delivered, human units */
  outputAmount: string;
  providerFee: string;
  networkFee: string;
  /** the provider's handle to lock these terms in with `create` */
  quoteId: string | null;
  minAmount: string | null;
  maxAmount: string | null;
  /** unix seconds after which the terms are stale */
  expiresAt: number | null;
}

export interface ProviderPayment {
  id: string;
  /**
   * where the provider is: `processing` from payment until it has paid the deposit address, and still
   * `processing` after — `delivered` is decided on chain, by the forward (`paidToDeposit` says the provider
   * is done)
   */
  status: Exclude<PaymentStatus, "delivered">;
  /** the provider has paid the deposit address (its payment transaction is `paymentTxHash`) */
  paidToDeposit: boolean;
  /** the buyer's wallet (the one-time wallet's owner) */
  destination: `0x${string}`;
  /** where the provider settles: the one-time wallet */
  depositAddress: `0x${string}`;
  /** the one-time wallet's salt, when the provider echoes it */
  salt: Hex | null;
  terms: QuoteTerms;
  /** the provider's hosted payment page (card and identity check), on the provider's origin */
  paymentPageUrl: string;
  /** the provider's transfer to the deposit address */
  paymentTxHash: Hex | null;
  /** unix seconds of the last status change */
  updatedAt: number | null;
  /** a repeated create (same Idempotency-Key) that returned the original payment */
  replayed: boolean;
}

export interface QuoteInput {
  fiatAmount: string;
  fiatCurrency: string;
}

export interface CreateInput extends QuoteInput {
  destination: `0x${string}`;
  depositAddress: `0x${string}`;
  salt: Hex;
}

export interface CallOptions {
  signal?: AbortSignal;
  idempotencyKey?: string;
}

export interface OnrampProvider {
  quote(input: QuoteInput, options?: CallOptions): Promise<QuoteTerms>;
  create(input: CreateInput, options?: CallOptions): Promise<ProviderPayment>;
  get(paymentId: string, options?: CallOptions): Promise<ProviderPayment>;
}
