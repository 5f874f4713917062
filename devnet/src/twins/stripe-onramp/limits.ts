import type { TwinContext } from "./context.ts";
import { invalid } from "./errors.ts";
import { formatCents, parseCents } from "./money.ts";
import { SUPPORTED_CURRENCIES } from "./pricing.ts";

/** Validated fiat side of a quote or session request; errors name Stripe's params. */
export function fiatSide(ctx: TwinContext, amount: string | undefined, currency: string | undefined) {
  const sourceCurrency = (currency ?? "usd").toLowerCase();
  if (!SUPPORTED_CURRENCIES.includes(sourceCurrency)) {
    throw invalid(
      `Unsupported source_currency '${currency}'. Supported: ${SUPPORTED_CURRENCIES.join(", ")}.`,
      "currency_not_supported",
      "source_currency",
    );
  }
  if (amount === undefined)
    throw invalid("Missing required param: source_amount.", "parameter_missing", "source_amount");
  const cents = parseCents(amount);
  if (cents === null || cents === 0n)
    throw invalid(
      `Invalid source_amount '${amount}': a positive amount with at most 2 decimals.`,
      "parameter_invalid",
      "source_amount",
    );
  const min = parseCents(ctx.settings.minAmount)!;
  const max = parseCents(ctx.settings.maxAmount)!;
  const limits = { source_amount_min: formatCents(min), source_amount_max: formatCents(max) };
  if (cents < min)
    throw invalid(
      `The minimum purchase is ${limits.source_amount_min} ${sourceCurrency.toUpperCase()}.`,
      "amount_too_small",
      "source_amount",
      { limits },
    );
  if (cents > max)
    throw invalid(
      `The maximum purchase is ${limits.source_amount_max} ${sourceCurrency.toUpperCase()}.`,
      "amount_too_large",
      "source_amount",
      { limits },
    );
  return { cents, sourceCurrency, limits };
}

export function checkCrypto(currencies: string[], networks: string[]): void {
  if (currencies.length && !currencies.map((c) => c.toLowerCase()).includes("usdc"))
    throw invalid("This provider only sells usdc.", "currency_not_supported", "destination_currencies");
  if (networks.length && !networks.map((n) => n.toLowerCase()).includes("ethereum"))
    throw invalid(
      "This provider only delivers on ethereum.",
      "network_not_supported",
      "destination_networks",
    );
}
