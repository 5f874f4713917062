import { formatUnits, parseUnits } from "viem";
import type { QuoteTerms } from "./provider.ts";

/** Trailing zeros dropped: "100.000000" → "100", "99.500000" → "99.5". */
export const plainDecimal = (value: string) => value.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

/** USDC per unit of fiat, to 6 decimals, from the quoted amounts. */
export function exchangeRate(fiatAmount: string, outputAmount: string): string {
  const fiat = parseUnits(fiatAmount, 6);
  if (fiat === 0n) return "0";
  return formatUnits((parseUnits(outputAmount, 6) * 1_000_000n) / fiat, 6);
}

/** Provider terms in the spec's `OnrampQuote` shape (onramp.md §3). */
export function onrampQuote(t: QuoteTerms) {
  return {
    fiat_amount: t.fiatAmount,
    fiat_currency: t.fiatCurrency,
    output_amount: plainDecimal(t.outputAmount),
    output_asset: "USDC" as const,
    output_chain: "Ethereum" as const,
    exchange_rate: exchangeRate(t.fiatAmount, t.outputAmount),
    fees: { provider_fee: t.providerFee, network_fee: t.networkFee, business_fees: "0" },
    min_amount: t.minAmount,
    max_amount: t.maxAmount,
    expires_at: t.expiresAt === null ? null : new Date(t.expiresAt * 1000).toISOString(),
    quote_id: t.quoteId,
  };
}
