import { randomId, type TwinContext } from "./context.ts";
import { invalid, missing, notFound, ProviderError } from "./errors.ts";
import { type Form, list, map, str } from "./form.ts";
import { checkCrypto, fiatSide } from "./limits.ts";
import { addFiat, formatCents, parseCents } from "./money.ts";
import { priceTerms } from "./pricing.ts";
import { lockableQuote } from "./quotes.ts";
import type { SessionStatus, StoredSession } from "./state.ts";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * POST /v1/crypto/onramp_sessions. Stripe's parameters (`wallet_addresses[ethereum]`, `source_amount`,
 * `source_currency`, `destination_currency`, `destination_network`, `metadata[…]`) plus `quote`, the id of an
 * unexpired quote to lock in. Purchases above the identity threshold need a verified buyer: 402 with a
 * `verification_url` until the buyer has passed the check.
 */
export async function createSession(ctx: TwinContext, form: Form): Promise<StoredSession> {
  const wallet = map(form, "wallet_addresses").ethereum;
  if (!wallet) throw missing("wallet_addresses[ethereum]");
  if (!ADDRESS.test(wallet))
    throw invalid(
      `Invalid ethereum address: '${wallet}'.`,
      "parameter_invalid",
      "wallet_addresses[ethereum]",
    );
  if (str(form, "destination_amount") !== undefined)
    throw invalid("This provider prices by source_amount only.", "parameter_unknown", "destination_amount");
  checkCrypto(
    [...list(form, "destination_currencies"), ...list(form, "destination_currency")],
    [...list(form, "destination_networks"), ...list(form, "destination_network")],
  );
  const { cents, sourceCurrency } = fiatSide(ctx, str(form, "source_amount"), str(form, "source_currency"));
  const metadata = map(form, "metadata");
  const buyer = (metadata.destination_address ?? wallet).toLowerCase();
  if (cents > parseCents(ctx.settings.kycThreshold)! && !ctx.state.verifiedWallets[buyer]) {
    throw new ProviderError(
      402,
      "invalid_request_error",
      `Purchases above ${ctx.settings.kycThreshold} ${sourceCurrency.toUpperCase()} need a verified identity. Verify at the verification_url, then try again.`,
      "identity_verification_required",
      undefined,
      { verification_url: `${ctx.publicUrl}/verify?wallet=${buyer}` },
    );
  }
  const now = ctx.now();
  const quoteId = str(form, "quote");
  const terms = quoteId
    ? lockableQuote(ctx, quoteId, formatCents(cents), sourceCurrency)
    : priceTerms(cents, sourceCurrency, now);
  const id = randomId("cos_", 18);
  const session: StoredSession = {
    id,
    clientSecret: `${id}_secret_${randomId("", 18)}`,
    created: now,
    status: "initialized",
    statusTransitions: { initialized: now },
    metadata,
    walletAddress: wallet as `0x${string}`,
    sourceCurrency,
    sourceAmount: formatCents(cents),
    destinationAmount: terms.destinationAmount,
    transactionFee: terms.transactionFee,
    networkFee: terms.networkFee,
    ...(quoteId && { quote: quoteId }),
  };
  if (quoteId) ctx.state.quotes[quoteId]!.consumedBy = id;
  ctx.state.sessions[id] = session;
  await ctx.persist();
  return session;
}

export function getSession(ctx: TwinContext, id: string): StoredSession {
  const session = ctx.state.sessions[id];
  if (!session) throw notFound("crypto.onramp_session", id);
  return session;
}

export function transition(ctx: TwinContext, session: StoredSession, status: SessionStatus): void {
  session.status = status;
  session.statusTransitions[status] = ctx.now();
}

/** Stripe's session object; `expires_at`, `status_transitions` and `rejection_reason` are twin additions. */
export function renderSession(ctx: TwinContext, s: StoredSession) {
  return {
    id: s.id,
    object: "crypto.onramp_session",
    client_secret: s.clientSecret,
    created: s.created,
    livemode: false,
    metadata: s.metadata,
    redirect_url: `${ctx.publicUrl}/pay/${s.id}?client_secret=${encodeURIComponent(s.clientSecret)}`,
    status: s.status,
    kyc_details_provided: false,
    transaction_details: {
      destination_currency: "usdc",
      destination_amount: s.destinationAmount,
      destination_network: "ethereum",
      fees: { network_fee_amount: s.networkFee, transaction_fee_amount: s.transactionFee },
      lock_wallet_address: true,
      source_currency: s.sourceCurrency,
      source_amount: s.sourceAmount,
      source_total_amount: sessionTotal(s),
      supported_destination_currencies: ["usdc"],
      supported_destination_networks: ["ethereum"],
      transaction_id: s.transactionId ?? null,
      wallet_address: s.walletAddress,
      wallet_addresses: { ethereum: s.walletAddress },
    },
    quote: s.quote ?? null,
    expires_at: s.created + ctx.settings.sessionTtlSeconds,
    status_transitions: s.statusTransitions,
    rejection_reason: s.rejectionReason ?? null,
  };
}

/** What the card is charged: the amount plus both fees. */
export function sessionTotal(s: StoredSession): string {
  return addFiat(s.sourceAmount, s.transactionFee, s.networkFee);
}
