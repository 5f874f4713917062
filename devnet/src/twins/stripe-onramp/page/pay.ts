import { TEST_CARDS, TEST_OTP } from "../cards.ts";
import type { StoredSession } from "../state.ts";
import { esc, page } from "./html.ts";

export interface FormError {
  field: string;
  message: string;
  values?: Record<string, string>;
}

/** What the hosted page shows for a session: its card form, the identity check, or where the payment is. */
export function viewOf(s: StoredSession): string {
  return s.verificationPending ? "verification" : s.status;
}

const TERMINAL = new Set(["fulfillment_complete", "rejected"]);
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

export function payPage(s: StoredSession, total: string, error?: FormError): string {
  const view = viewOf(s);
  const data = `data-session="${esc(s.id)}" data-status="${esc(s.status)}" data-view="${esc(view)}" data-secret="${esc(s.clientSecret)}" data-terminal="${TERMINAL.has(s.status)}"`;
  const currency = s.sourceCurrency.toUpperCase();
  const summary = `<section class="card" aria-label="Order summary"><dl>
<dt>USDC on Ethereum</dt><dd>${esc(s.destinationAmount)}</dd>
<dt>Amount</dt><dd>${esc(s.sourceAmount)} ${currency}</dd>
<dt>Provider fee</dt><dd>${esc(s.transactionFee)} ${currency}</dd>
<dt>Network fee</dt><dd>${esc(s.networkFee)} ${currency}</dd>
<dt class="total">Total</dt><dd class="total">${esc(total)} ${currency}</dd>
</dl><p class="muted">Delivered to <span class="mono" title="${esc(s.walletAddress)}">${esc(short(s.walletAddress))}</span>${
    s.metadata.destination_address
      ? ` (a one-time wallet that forwards to <span class="mono" title="${esc(s.metadata.destination_address)}">${esc(short(s.metadata.destination_address))}</span>)`
      : ""
  }</p></section>`;
  let body: string;
  if (view === "verification") body = verificationForm(s, error);
  else if (s.status === "initialized" || s.status === "requires_payment") body = cardForm(s, total, error);
  else if (s.status === "fulfillment_processing")
    body = `<p role="status"><strong>Payment received</strong> (${esc(s.card?.brand)} •••• ${esc(s.card?.last4)}). Delivering your USDC…</p>`;
  else if (s.status === "fulfillment_complete")
    body = `<p role="status" class="ok"><strong>Delivered.</strong> ${esc(s.destinationAmount)} USDC arrived on Ethereum.</p><p class="muted">Transaction <span class="mono">${esc(s.transactionId)}</span></p>`;
  else
    body = `<p role="alert" class="bad"><strong>${esc(REJECTED[s.rejectionReason ?? "card_declined"])}</strong></p><p class="muted">No money was taken and no USDC was sent. Return to the checkout to start again.</p>`;
  return page(
    `Pay ${total} ${currency}`,
    `<div ${data}><h1>Pay ${esc(total)} ${currency}</h1>${summary}${body}</div>`,
  );
}

const REJECTED: Record<string, string> = {
  card_declined: "Your card was declined.",
  expired: "This payment expired before it was paid.",
  identity_verification_failed: "We could not verify your identity.",
  delivery_failed: "We could not deliver the USDC; your payment was refunded.",
};

function field(name: string, label: string, attrs: string, error?: FormError): string {
  const bad = error?.field === name;
  const value = error?.values?.[name] ?? "";
  return `<label for="${name}">${label}</label><input id="${name}" name="${name}" ${attrs} value="${esc(value)}"${
    bad ? ` aria-invalid="true" aria-describedby="${name}-error" autofocus` : ""
  }>${bad ? `<p class="error" id="${name}-error">${esc(error!.message)}</p>` : ""}`;
}

function cardForm(s: StoredSession, total: string, error?: FormError): string {
  const cards = Object.entries(TEST_CARDS)
    .map(
      ([n, c]) =>
        `<tr><td class="mono">${n.replace(/(\d{4})(?=\d)/g, "$1 ")}</td><td>${esc(c.label)}</td></tr>`,
    )
    .join("");
  return `<form method="post" action="/pay/${esc(s.id)}/card" novalidate>
<input type="hidden" name="client_secret" value="${esc(s.clientSecret)}">
${field("number", "Card number", 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required', error)}
<div class="row"><div>${field("expiry", "Expiry (MM / YY)", 'autocomplete="cc-exp" placeholder="MM / YY" required', error)}</div>
<div>${field("cvc", "Security code", 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required', error)}</div></div>
<button type="submit">Pay ${esc(total)} ${esc(s.sourceCurrency.toUpperCase())}</button>
</form>
<details><summary>Test cards</summary><table><tbody>${cards}</tbody></table><p class="muted">Any future expiry date and any 3-digit code.</p></details>`;
}

function verificationForm(s: StoredSession, error?: FormError): string {
  return `<h2>Verify it's you</h2><p>Enter the 6-digit code we sent to your phone.</p>
<form method="post" action="/pay/${esc(s.id)}/verify" novalidate>
<input type="hidden" name="client_secret" value="${esc(s.clientSecret)}">
${field("code", "Verification code", 'inputmode="numeric" autocomplete="one-time-code" maxlength="6" required', error)}
<button type="submit">Verify and pay</button></form>
<p class="muted">Test mode: the code is ${TEST_OTP}.</p>`;
}

export function verifyPage(wallet: string, done: boolean, error?: FormError): string {
  const body = done
    ? `<p role="status" class="ok"><strong>Identity verified.</strong> Return to the checkout and try again.</p>`
    : `<p>Purchases of this size need a verified identity for <span class="mono">${esc(wallet)}</span>. Enter the 6-digit code we sent to your phone.</p>
<form method="post" action="/verify" novalidate><input type="hidden" name="wallet" value="${esc(wallet)}">
${field("code", "Verification code", 'inputmode="numeric" autocomplete="one-time-code" maxlength="6" required', error)}
<button type="submit">Verify</button></form><p class="muted">Test mode: the code is ${TEST_OTP}.</p>`;
  return page(
    "Verify your identity",
    `<div data-verified="${done}"><h1>Verify your identity</h1>${body}</div>`,
  );
}

export function notFoundPage(): string {
  return page(
    "Payment not found",
    `<h1>Payment not found</h1><p>Check the link, or start again from the checkout.</p>`,
  );
}
