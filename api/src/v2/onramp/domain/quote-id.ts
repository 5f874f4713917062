/**
 * `quote_id` (**Ours**): Stripe's quotes are estimates it keeps no handle to — a session is priced when it is
 * created, and Stripe refuses any parameter to lock a quote in. So the API, which stores nothing, hands out a
 * self-describing id carrying what the quote was for (fiat amount and currency) and until when it holds;
 * `create` checks a `quote_id` it is given against the request — stale → 410, for another amount or
 * currency → 422 — and the payment is priced by the provider as it is created.
 */
import { parseUnits } from "viem";
import { DomainError, fieldError } from "../../../kernel/errors.ts";
import type { QuoteTerms } from "./provider.ts";

const PREFIX = "oq1_";

interface Claim {
  /** fiat amount in minor units, currency upper case */
  a: string;
  c: string;
  /** unix seconds after which the quote is stale */
  e: number | null;
}

export function quoteIdOf(t: QuoteTerms): string {
  const claim: Claim = { a: cents(t.fiatAmount), c: t.fiatCurrency, e: t.expiresAt };
  return PREFIX + Buffer.from(JSON.stringify(claim)).toString("base64url");
}

/** Throws unless `quoteId` is a quote this API gave for this amount and currency that still holds. */
export function checkQuoteId(quoteId: string, fiatAmount: string, fiatCurrency: string, now = Date.now()) {
  let claim: Claim | undefined;
  try {
    if (quoteId.startsWith(PREFIX))
      claim = JSON.parse(Buffer.from(quoteId.slice(PREFIX.length), "base64url").toString());
  } catch {}
  if (!claim || typeof claim.a !== "string" || typeof claim.c !== "string")
    throw fieldError(["body", "quote_id"], "Not a quote_id returned by POST /v2/onramp/quote.");
  if (typeof claim.e === "number" && now / 1000 > claim.e)
    throw new DomainError(410, "Quote expired", "quote_id: this quote has expired; ask for a new one.");
  if (claim.a !== cents(fiatAmount) || claim.c !== fiatCurrency.toUpperCase())
    throw fieldError(
      ["body", "quote_id"],
      `This quote is for ${Number(claim.a) / 100} ${claim.c}, not ${fiatAmount} ${fiatCurrency.toUpperCase()}.`,
    );
}

function cents(amount: string): string {
  try {
    return parseUnits(amount, 2).toString();
  } catch {
    return amount;
  }
}
