import { onrampEn } from "./messages.ts";
import type { OnrampCreate, OnrampErrorInfo, OnrampLifecycle, OnrampQuote, OnrampStatus } from "./types.ts";

export type Phase =
  | "init"
  | "quoting"
  | "ready"
  | "creating"
  | "pending"
  | "processing"
  | "success"
  | "error";

export interface OnrampState {
  phase: Phase;
  amount: string;
  currency: string;
  quote: OnrampQuote | null;
  payment: { id: string; checkoutUrl: string | null; create: OnrampCreate | null } | null;
  status: OnrampStatus | null;
  error: OnrampErrorInfo | null;
  /** the provider's limits from the last quote, kept while the amount changes (an amount outside them is said) */
  limits: { min: string; max: string } | null;
  /** something worth saying that is not an error (its message is `notice.<kind>` in the catalog) */
  notice: OnrampNotice | null;
}

/** a quote refreshed after expiring; a status read that failed and is being retried */
export type OnrampNotice = "quote_expired" | "reconnecting";

export type OnrampAction =
  | { type: "amount"; amount: string }
  | { type: "quoting" }
  | { type: "quoted"; quote: OnrampQuote }
  | { type: "creating" }
  | { type: "created"; payment: OnrampCreate }
  | { type: "resume"; paymentId: string }
  | { type: "status"; status: OnrampStatus }
  | { type: "failed"; error: OnrampErrorInfo }
  | { type: "notice"; notice: OnrampNotice | null }
  | { type: "retry" }
  | { type: "restart" };

export function initialState(amount: string, currency: string, paymentId?: string): OnrampState {
  const state: OnrampState = {
    phase: "init",
    amount,
    currency,
    quote: null,
    payment: null,
    status: null,
    error: null,
    limits: null,
    notice: null,
  };
  return paymentId ? onrampReducer(state, { type: "resume", paymentId }) : state;
}

const LOCKED = new Set<Phase>(["creating", "pending", "processing", "success"]);

/** The checkout's state machine: pure, so every transition is unit-tested and every state has a story. */
export function onrampReducer(s: OnrampState, a: OnrampAction): OnrampState {
  switch (a.type) {
    case "amount":
      if (LOCKED.has(s.phase)) return s;
      return { ...s, amount: a.amount, phase: "init", quote: null, error: null, notice: null };
    case "quoting":
      // A re-quote of the same amount keeps showing the previous quote until the new one arrives.
      return LOCKED.has(s.phase) ? s : { ...s, phase: "quoting", error: null };
    case "quoted":
      if (s.phase !== "quoting") return s;
      return {
        ...s,
        phase: "ready",
        quote: a.quote,
        error: null,
        limits:
          a.quote.min_amount && a.quote.max_amount
            ? { min: a.quote.min_amount, max: a.quote.max_amount }
            : s.limits,
      };
    case "creating":
      return s.phase === "ready" ? { ...s, phase: "creating", error: null, notice: null } : s;
    case "created":
      return {
        ...s,
        phase: "pending",
        payment: { id: a.payment.payment_id, checkoutUrl: a.payment.checkout_url, create: a.payment },
        quote: a.payment.quote,
      };
    case "resume":
      return {
        ...s,
        phase: "pending",
        payment: { id: a.paymentId, checkoutUrl: null, create: null },
        error: null,
      };
    case "status":
      if (!s.payment || a.status.payment_id !== s.payment.id) return s;
      return withStatus({ ...s, status: a.status });
    case "failed":
      return failed(s, a.error);
    case "notice":
      return s.notice === a.notice ? s : { ...s, notice: a.notice };
    case "retry":
      if (s.phase !== "error" && s.phase !== "init") return s;
      // A payment in flight is followed again; otherwise the price is fetched afresh before buying.
      if (s.payment && s.error?.kind !== "payment_failed") return { ...s, phase: "pending", error: null };
      if (s.payment) return initialState(s.amount, s.currency);
      return { ...s, phase: "quoting", error: null };
    case "restart":
      return initialState(s.amount, s.currency);
  }
}

function withStatus(s: OnrampState): OnrampState {
  switch (s.status!.status) {
    case "pending":
      return { ...s, phase: "pending" };
    case "processing":
      return { ...s, phase: "processing" };
    case "delivered":
      return { ...s, phase: "success" };
    default:
      return {
        ...s,
        phase: "error",
        error: {
          kind: "payment_failed",
          message: onrampEn["error.payment_failed"],
          recoverable: true,
          httpStatus: 200,
        },
      };
  }
}

function failed(s: OnrampState, error: OnrampErrorInfo): OnrampState {
  // An expired quote is not a dead end: fetch a fresh one and say so.
  if (error.kind === "quote_expired")
    return {
      ...s,
      phase: "quoting",
      quote: null,
      error: null,
      notice: "quote_expired",
    };
  // Amount problems keep the amount editable; everything else stops until the user acts.
  if (error.kind === "invalid_amount" || error.kind === "unsupported_currency")
    return { ...s, phase: "init", quote: null, error };
  return { ...s, phase: "error", error };
}

/** The lifecycle event a state reports (`creating` is still `ready` from the host's point of view). */
export function lifecycleOf(s: OnrampState): OnrampLifecycle {
  const paymentId = s.payment?.id ?? null;
  if (s.error) return { status: "error", error: s.error, paymentId };
  switch (s.phase) {
    case "quoting":
      return { status: "quoting", fiatAmount: s.amount, fiatCurrency: s.currency };
    case "ready":
    case "creating":
      return s.quote ? { status: "ready", quote: s.quote } : { status: "init" };
    case "pending":
      return { status: "pending", paymentId: paymentId!, checkoutUrl: s.payment?.checkoutUrl ?? null };
    case "processing":
      return { status: "processing", paymentId: paymentId! };
    case "success":
      return {
        status: "success",
        paymentId: paymentId!,
        outputAmount: s.status?.output_amount_delivered ?? s.quote?.output_amount ?? "0",
        txHash: s.status?.delivery_tx_hash as `0x${string}`,
        destination: s.status?.destination_address as `0x${string}`,
      };
    default:
      return { status: "init" };
  }
}
