import { randomHex, type TwinContext } from "./context.ts";
import { invalid, notFound } from "./errors.ts";
import { type Form, list, str } from "./form.ts";
import { checkCrypto, fiatSide } from "./limits.ts";
import { addFiat, formatCents } from "./money.ts";
import { priceTerms } from "./pricing.ts";
import type { StoredQuote } from "./state.ts";

/**
 * GET /v1/crypto/onramp/quotes — Stripe's quote object for the one network and currency the twin sells.
 * Twin additions where Stripe is silent: each network quote carries `expires_at` (until then `create` may
 * lock it in with `quote=<id>`), and `limits` advertises the accepted source_amount range.
 */
export function createQuotes(ctx: TwinContext, form: Form) {
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
  ctx.state.quotes[quote.id] = quote;
  ctx.touch();
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

/** A quote `create` may still lock in: not expired, not used, and for the same amount and currency. */
export function lockableQuote(
  ctx: TwinContext,
  id: string,
  sourceAmount: string,
  sourceCurrency: string,
): StoredQuote {
  const q = ctx.state.quotes[id];
  if (!q) throw notFound("quote", id, "quote");
  if (q.consumedBy)
    throw invalid("This quote has already been used for a session.", "quote_already_used", "quote");
  if (ctx.now() >= q.expiresAt)
    throw invalid("This quote has expired; fetch a new one.", "quote_expired", "quote");
  if (q.sourceAmount !== sourceAmount || q.sourceCurrency !== sourceCurrency) {
    throw invalid(
      `This quote is for ${q.sourceAmount} ${q.sourceCurrency}, not ${sourceAmount} ${sourceCurrency}.`,
      "quote_mismatch",
      "quote",
    );
  }
  return q;
}
