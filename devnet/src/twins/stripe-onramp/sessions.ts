import { randomId, type TwinContext } from "./context.ts";
import { invalid, missing, notFound, ProviderError } from "./errors.ts";
import { type Form, list, map, onlyKnown, str } from "./form.ts";
import { checkCrypto, fiatSide } from "./limits.ts";
import { addFiat, formatCents, parseCents } from "./money.ts";
import { priceTerms } from "./pricing.ts";
import type { SessionStatus, StoredSession } from "./state.ts";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The parameters Stripe documents for creating an onramp session; any other is a 400 `parameter_unknown`. */
export const CREATE_PARAMS = [
  "customer_ip_address",
  "destination_amount",
  "destination_currencies",
  "destination_currency",
  "destination_network",
  "destination_networks",
  "expand",
  "kyc_details",
  "lock_wallet_address",
  "metadata",
  "settlement_speed",
  "source_amount",
  "source_currency",
  "wallet_addresses",
] as const;

/**
 * POST /v1/crypto/onramp_sessions with Stripe's parameters (`wallet_addresses[ethereum]`, `source_amount`,
 * `source_currency`, `destination_currencies[]`/`destination_currency`, `destination_networks[]`/
 * `destination_network`, `lock_wallet_address`, `metadata[…]`, …); nothing else. The session is priced when
 * created. Purchases above the identity threshold need a verified buyer: 402 with a `verification_url` until
 * the buyer has passed the check.
 */
export async function createSession(ctx: TwinContext, form: Form): Promise<StoredSession> {
  onlyKnown(form, CREATE_PARAMS);
  const wallet = map(form, "wallet_addresses").ethereum;
  if (!wallet) throw missing("wallet_addresses[ethereum]");
  if (!ADDRESS.test(wallet))
    throw invalid(
      `Invalid ethereum address: '${wallet}'.`,
      "parameter_invalid",
      "wallet_addresses[ethereum]",
    );
  if (str(form, "destination_amount") !== undefined)
    throw invalid("This provider prices by source_amount only.", "parameter_invalid", "destination_amount");
  const currencies = list(form, "destination_currencies").map((c) => c.toLowerCase());
  const networks = list(form, "destination_networks").map((n) => n.toLowerCase());
  checkCrypto(currencies, networks);
  checkCrypto(list(form, "destination_currency"), list(form, "destination_network"));
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
  const terms = priceTerms(cents, sourceCurrency, now);
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
    ...(currencies.length && { destinationCurrencies: currencies }),
    ...(networks.length && { destinationNetworks: networks }),
  };
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

/**
 * Stripe's session object, its fields named as Stripe names them (`transaction_details.destination_currencies`
 * / `destination_networks`: the lists the session is locked to). `expires_at`, `status_transitions` and
 * `rejection_reason` are twin additions.
 */
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
      destination_currencies: s.destinationCurrencies ?? ["usdc"],
      destination_networks: s.destinationNetworks ?? ["ethereum"],
      transaction_id: s.transactionId ?? null,
      wallet_address: s.walletAddress,
      wallet_addresses: { ethereum: s.walletAddress },
    },
    expires_at: s.created + ctx.settings.sessionTtlSeconds,
    status_transitions: s.statusTransitions,
    rejection_reason: s.rejectionReason ?? null,
  };
}

/** What the card is charged: the amount plus both fees. */
export function sessionTotal(s: StoredSession): string {
  return addFiat(s.sourceAmount, s.transactionFee, s.networkFee);
}

/** The parameters of GET /v1/crypto/onramp_sessions (list), as Stripe documents them. */
const LIST_PARAMS = [
  "created",
  "destination_currency",
  "destination_network",
  "ending_before",
  "expand",
  "limit",
  "starting_after",
  "status",
] as const;

/**
 * GET /v1/crypto/onramp_sessions: Stripe's list object, newest first, `limit` 1–100 (10 by default), cursors
 * `starting_after`/`ending_before` (session ids), filters `status` and `created[gt|gte|lt|lte]`.
 */
export function listSessions(ctx: TwinContext, form: Form) {
  onlyKnown(form, LIST_PARAMS);
  const limitText = str(form, "limit") ?? "10";
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > 100)
    throw invalid("limit must be an integer between 1 and 100.", "parameter_invalid", "limit");
  const status = str(form, "status");
  const created = map(form, "created");
  const bound = (k: string) => (created[k] === undefined ? undefined : Number(created[k]));
  const [gt, gte, lt, lte] = ["gt", "gte", "lt", "lte"].map(bound);
  // newest first; ties broken by id so the order (and so the cursors) is stable
  const all = Object.values(ctx.state.sessions)
    .filter(
      (s) =>
        (!status || s.status === status) &&
        (gt === undefined || s.created > gt) &&
        (gte === undefined || s.created >= gte) &&
        (lt === undefined || s.created < lt) &&
        (lte === undefined || s.created <= lte),
    )
    .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  const after = str(form, "starting_after");
  const before = str(form, "ending_before");
  let page: StoredSession[];
  let hasMore: boolean;
  if (before) {
    const i = all.findIndex((s) => s.id === before);
    if (i < 0) throw notFound("crypto.onramp_session", before, "ending_before");
    page = all.slice(Math.max(0, i - limit), i);
    hasMore = i - limit > 0;
  } else {
    const i = after ? all.findIndex((s) => s.id === after) : -1;
    if (after && i < 0) throw notFound("crypto.onramp_session", after, "starting_after");
    page = all.slice(i + 1, i + 1 + limit);
    hasMore = all.length > i + 1 + limit;
  }
  return {
    object: "list",
    url: "/v1/crypto/onramp_sessions",
    has_more: hasMore,
    data: page.map((s) => renderSession(ctx, s)),
  };
}
