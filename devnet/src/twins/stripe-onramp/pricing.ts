import { ceilDiv, formatCents, formatMicros } from "./money.ts";

/** USD value of one unit of each supported fiat currency, in micro-USD. USDC is worth one USD. */
const USD_RATES: Record<string, bigint> = { usd: 1_000_000n, eur: 1_080_000n, gbp: 1_270_000n };
export const SUPPORTED_CURRENCIES = Object.keys(USD_RATES);

/** 2.5 % with a 0.99 minimum, like a card processor's blended rate. */
const PROVIDER_FEE_BPS = 250n;
const PROVIDER_FEE_MIN_CENTS = 99n;
/** Gas for the delivery transaction on Ethereum, in US cents. */
const NETWORK_FEE_USD_CENTS = 34n;

/**
 * USDC per unit of `currency` (micro-units) at `now`. Non-USD rates drift by up to ±0.2 % over ten minutes,
 * deterministically, so a person watching the checkout sees quotes refresh the way live FX does.
 */
function rateMicros(currency: string, now: number): bigint {
  const base = USD_RATES[currency];
  if (base === undefined) throw new Error(`unsupported currency ${currency}`);
  if (currency === "usd") return base;
  const wobble = Math.round(Math.sin((now / 600) * 2 * Math.PI) * 2000); // parts per million
  return (base * BigInt(1_000_000 + wobble)) / 1_000_000n;
}

export interface Price {
  sourceCents: bigint;
  destinationMicros: bigint;
  transactionFeeCents: bigint;
  networkFeeCents: bigint;
}

function price(sourceCents: bigint, currency: string, now: number): Price {
  const rate = rateMicros(currency, now);
  const percent = ceilDiv(sourceCents * PROVIDER_FEE_BPS, 10_000n);
  return {
    sourceCents,
    destinationMicros: (sourceCents * rate) / 100n,
    transactionFeeCents: percent > PROVIDER_FEE_MIN_CENTS ? percent : PROVIDER_FEE_MIN_CENTS,
    networkFeeCents: ceilDiv(NETWORK_FEE_USD_CENTS * 1_000_000n, rate),
  };
}

/** The terms a quote or session stores: USDC out and both fees, as wire decimals. */
export function priceTerms(sourceCents: bigint, currency: string, now: number) {
  const p = price(sourceCents, currency, now);
  return {
    destinationAmount: formatMicros(p.destinationMicros),
    transactionFee: formatCents(p.transactionFeeCents),
    networkFee: formatCents(p.networkFeeCents),
  };
}
