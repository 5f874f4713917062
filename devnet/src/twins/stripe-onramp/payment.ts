import { brandOf, type CardInput, checkCard, TEST_OTP } from "./cards.ts";
import type { TwinContext } from "./context.ts";
import { transition } from "./sessions.ts";
import type { StoredSession } from "./state.ts";

/** What the hosted page shows after a submission: nothing (state moved on) or an error on one field. */
export type PageOutcome = { ok: true } | { ok: false; field: string; message: string };

const PAYABLE = new Set(["initialized", "requires_payment"]);
const MAX_CODE_ATTEMPTS = 3;

/** The buyer opened the hosted page: the session now waits for payment (Stripe's requires_payment). */
export function openedPage(ctx: TwinContext, s: StoredSession): void {
  if (s.status !== "initialized") return;
  transition(ctx, s, "requires_payment");
  ctx.touch();
}

/**
 * A card was submitted on the hosted page. Only a payable session takes a card, so a payment is charged once:
 * a resubmission (back button, second tab) changes nothing and the page shows where the payment is.
 */
export async function payWithCard(
  ctx: TwinContext,
  s: StoredSession,
  input: CardInput,
): Promise<PageOutcome> {
  if (!PAYABLE.has(s.status) || s.verificationPending) return { ok: true };
  const card = checkCard(input, ctx.now());
  if (!card.ok) return { ok: false, field: card.field, message: card.message };
  s.card = { brand: brandOf(card.number), last4: card.number.slice(-4) };
  if (card.outcome === "declined") {
    s.rejectionReason = "card_declined";
    transition(ctx, s, "rejected");
  } else if (card.outcome === "verify" && !isVerified(ctx, s)) {
    s.verificationPending = true;
    if (s.status === "initialized") transition(ctx, s, "requires_payment");
  } else {
    startFulfilment(ctx, s, card.outcome === "slow" ? ctx.settings.slowProcessingSeconds : undefined);
  }
  await ctx.persist();
  return { ok: true };
}

/** The identity-verification code of the hosted page; three wrong codes reject the payment. */
export async function submitCode(ctx: TwinContext, s: StoredSession, code: string): Promise<PageOutcome> {
  if (!s.verificationPending) return { ok: false, field: "code", message: "No verification is pending." };
  if (code.trim() !== TEST_OTP) {
    const attempts = (s.codeAttempts ?? 0) + 1;
    s.codeAttempts = attempts;
    if (attempts >= MAX_CODE_ATTEMPTS) {
      s.verificationPending = false;
      s.rejectionReason = "identity_verification_failed";
      transition(ctx, s, "rejected");
    }
    await ctx.persist();
    return attempts >= MAX_CODE_ATTEMPTS
      ? { ok: true }
      : {
          ok: false,
          field: "code",
          message: `That code is not correct (${MAX_CODE_ATTEMPTS - attempts} attempts left).`,
        };
  }
  s.verificationPending = false;
  ctx.state.verifiedWallets[buyerOf(s)] = ctx.now();
  startFulfilment(ctx, s);
  await ctx.persist();
  return { ok: true };
}

/** The standalone identity check (the 402 `verification_url`): marks the buyer's wallet verified. */
export async function verifyWallet(ctx: TwinContext, wallet: string, code: string): Promise<PageOutcome> {
  if (code.trim() !== TEST_OTP) return { ok: false, field: "code", message: "That code is not correct." };
  ctx.state.verifiedWallets[wallet.toLowerCase()] = ctx.now();
  await ctx.persist();
  return { ok: true };
}

function buyerOf(s: StoredSession): string {
  return (s.metadata.destination_address ?? s.walletAddress).toLowerCase();
}

function isVerified(ctx: TwinContext, s: StoredSession): boolean {
  return !!ctx.state.verifiedWallets[buyerOf(s)];
}

function startFulfilment(ctx: TwinContext, s: StoredSession, delay = ctx.settings.processingSeconds): void {
  transition(ctx, s, "fulfillment_processing");
  s.deliverAt = ctx.now() + delay;
}
