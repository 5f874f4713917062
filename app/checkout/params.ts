import { type Locale, resolveLocale } from "@compass/widgets";

export type Search = Record<string, string | string[] | undefined>;

export interface CheckoutParams {
  /** as given in the link, possibly malformed (the checkout says so) */
  destination: string | null;
  paymentId: string | null;
  /** only http(s) URLs: anything else (javascript:, data:) is dropped */
  returnTo: string | null;
  /** set when the link asks for a chain or asset this checkout does not deliver */
  unsupported: string | null;
  /**
   * the widget's language, from `locale=` (a BCP 47 tag, resolved to the closest one the widgets speak, else
   * English): the partner whose page links here knows the person's language, the browser's Accept-Language may not
   */
  locale: Locale;
}

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v.trim() : undefined);

/**
 * The hosted checkout's query (spec onramp.md §7): destination, chain=ethereum, asset=USDC, returnTo, payment; and
 * locale.
 */
export function checkoutParams(q: Search): CheckoutParams {
  const chain = one(q.chain)?.toLowerCase() ?? "ethereum";
  const asset = one(q.asset)?.toUpperCase() ?? "USDC";
  const unsupported =
    chain !== "ethereum"
      ? `This checkout delivers on Ethereum only (the link asks for "${one(q.chain)}").`
      : asset !== "USDC"
        ? `This checkout sells USDC only (the link asks for "${one(q.asset)}").`
        : null;
  const payment = one(q.payment);
  return {
    destination: one(q.destination) || null,
    paymentId: payment && /^[A-Za-z0-9_.:-]{1,200}$/.test(payment) ? payment : null,
    returnTo: safeUrl(one(q.returnTo)),
    unsupported,
    locale: resolveLocale(one(q.locale)),
  };
}

function safeUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
