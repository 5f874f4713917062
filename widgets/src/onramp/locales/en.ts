import { kitEn } from "../../kit/locales/en.ts";

/**
 * The on-ramp's messages in English (inline: the fallback, no fetch); other locales load on demand from
 * `locales/<locale>.ts`. `{name}` placeholders are filled with text already formatted for the locale (amounts,
 * currencies) or with elements (an address kept left to right).
 */
export const onrampEn = {
  ...kitEn,
  /** the widget's accessible name and its heading */
  label: "Buy USDC",
  "dest.to": "To {address} on Ethereum",
  "dest.connect": "Connect a wallet to choose where your USDC goes.",
  "amount.legend": "Amount to buy",
  /** the amount field's label (read by screen readers) */
  "amount.label": "Amount in {currency}",
  /** under the field: the provider's limits, `{min}` and `{max}` with their currency */
  "amount.limits": "From {min} to {max}",
  "amount.min": "The minimum purchase is {amount}.",
  "amount.max": "The maximum purchase is {amount}.",
  /** a USDC amount, `{amount}` already formatted */
  usdc: "{amount} USDC",
  "buy.continue": "Continue to payment",
  "buy.connect": "Connect a wallet to continue",
  "buy.enter": "Enter an amount",
  "buy.creating": "Creating your payment…",
  /** the Buy button: `{amount}` of USDC for the card `{total}` (with its currency) */
  "buy.cta": "Buy {amount} USDC for {total}",
  quoting: "Getting a quote…",
  /** the quote's accessible name */
  "quote.label": "Quote",
  "quote.receive": "You receive on Ethereum",
  "quote.rate": "Rate",
  "quote.rateValue": "1 {currency} = {rate} USDC",
  "quote.amount": "Amount",
  "quote.providerFee": "Provider fee",
  "quote.networkFee": "Network fee",
  "quote.total": "Card total",
  "notice.quote_expired": "Your quote expired, so here is a fresh one.",
  "notice.reconnecting": "Reconnecting to check your payment…",
  "pay.title": "Pay by card",
  "pay.received": "Payment received",
  "pay.delivering": "Delivering your USDC to {address}…",
  /** stands in for the address when it is not known */
  "pay.wallet": "your wallet",
  "pay.handoff":
    "Complete the payment in the window that opened. This page updates by itself when it is done.",
  "pay.blocked":
    "Your browser blocked the payment window. Open the payment page to pay by card; this page updates by itself when it is done.",
  "pay.open": "Open the payment page",
  "pay.reopen": "Open the payment page again",
  "pay.link": "Payment page link",
  "pay.usually": "This usually takes under a minute.",
  "pay.waiting": "Waiting for your payment…",
  /** the title of the payment window while it loads */
  "pay.opening": "Opening the payment page…",
  "done.title": "USDC delivered",
  /** `{amount}` is "100 USDC" in bold, `{address}` the wallet */
  "done.text": "{amount} arrived in {address} on Ethereum.",
  "done.tx": "Transaction",
  "done.balance": "Wallet balance",
  "done.more": "Buy more",
  "title.payment_failed": "Payment failed",
  "title.provider_unavailable": "Payment provider unavailable",
  "title.network": "Connection problem",
  "title.identity_verification_required": "Verify your identity",
  "title.invalid_destination": "Invalid receiving wallet",
  "title.unauthorized": "Checkout unavailable",
  "title.payment_not_found": "Payment not found",
  "error.payment_failed":
    "The payment did not go through: the card was declined, the payment expired, or it was refunded. No USDC was sent.",
  "error.provider_unavailable":
    "The card payment provider is not reachable right now. Try again in a moment.",
  "error.unauthorized": "This checkout is not set up correctly (the API key was refused).",
  "error.payment_not_found": "We could not find this payment. Start a new one.",
  "error.invalid_destination": "The receiving wallet address is not a valid Ethereum address.",
  "error.invalid_amount": "This amount cannot be bought. Try another amount.",
  "error.unsupported_currency": "Card payments in {currency} are not available.",
  "error.identity_verification_required":
    "This purchase needs a verified identity. Verify it with the payment provider, then try again.",
  "error.quote_expired": "Your quote expired. Get a fresh one.",
  "error.verify": "Verify your identity (opens the provider's page)",
  "error.verified": "I have verified — try again",
  "error.again": "Start a new payment",
  "live.quoting": "Getting a quote.",
  "live.creating": "Creating your payment.",
  "live.pending": "Waiting for your card payment.",
  "live.processing": "Payment received. Delivering your USDC.",
  "live.success": "Your USDC was delivered.",
  "live.error": "The purchase stopped. See the message.",
  "live.ready": "Quote ready: {amount} USDC.",
};
export type OnrampMessages = Record<keyof typeof onrampEn, string>;
