import { randomHex, type TwinContext } from "./context.ts";
import { type Form, list, onlyKnown, str } from "./form.ts";
import { checkCrypto, fiatSide } from "./limits.ts";
import { addFiat, formatCents } from "./money.ts";
import { priceTerms } from "./pricing.ts";
import type { StoredQuote } from "./state.ts";

/** The parameters Stripe documents for onramp quotes; any other is a 400 `parameter_unknown`. */
const QUOTE_PARAMS = [
  "destination_amount",
  "destination_currencies",
  "destination_networks",
  "expand",
  "source_amount",
  "source_currency",
] as const;

/**
 * GET /v1/crypto/onramp/quotes — Stripe's quote object for the one network and currency the twin sells.
 * Twin additions where Stripe is silent: each network quote carries `expires_at` (how long the price is
 * indicative), and `limits` advertises the accepted source_amount range.
 */
export function createQuotes(ctx: TwinContext, form: Form) {
  onlyKnown(form, QUOTE_PARAMS);
  const { cents, sourceCurrency, limits } = fiatSide(
    ctx,
    str(form, "source_amount"),
    str(form, "source_currency"),
  );
  checkCrypto(list(form, "destination_currencies"), list(form, "destination_networks"));
  const now = ctx.now();
  const quote: StoredQuote = {
    id: randomHex(),
    created: now,
    expiresAt: now + ctx.settings.quoteTtlSeconds,
    sourceCurrency,
    sourceAmount: formatCents(cents),
    ...priceTerms(cents, sourceCurrency, now),
  };
  // kept in memory for its minute (the test helper can expire it); not worth a save of its own: it is written
  // with the next change that is
  ctx.state.quotes[quote.id] = quote;
  return {
    id: randomHex(),
    object: "crypto.onramp.quotes",
    livemode: false,
    rate_fetched_at: now,
    source_amount: quote.sourceAmount,
    source_currency: sourceCurrency,
    destination_network_quotes: { ethereum: [networkQuote(quote)] },
    limits,
  };
}

function networkQuote(q: StoredQuote) {
  return {
    id: q.id,
    destination_amount: q.destinationAmount,
    destination_currency: "usdc",
    destination_network: "ethereum",
    fees: { network_fee_monetary: q.networkFee, transaction_fee_monetary: q.transactionFee },
    source_total_amount: addFiat(q.sourceAmount, q.transactionFee, q.networkFee),
    expires_at: q.expiresAt,
  };
}
