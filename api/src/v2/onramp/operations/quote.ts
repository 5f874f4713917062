import { defineOperation } from "../../../kernel/registry/define.ts";
import type { OnrampContext } from "../domain/ports.ts";
import { quoteIdOf } from "../domain/quote-id.ts";
import { onrampQuote } from "../domain/terms.ts";
import { ONRAMP_ERRORS, OnrampQuote, OnrampQuoteRequest } from "../schemas.ts";

export const quote = defineOperation({
  method: "POST",
  path: "/v2/onramp/quote",
  summary: "Quote a card purchase of USDC on Ethereum",
  description:
    "Prices `fiat_amount` of `fiat_currency` in USDC delivered on Ethereum, with the provider and network fees itemised (charged on top of fiat_amount), the provider's limits and when the quote expires. Read live from the on-ramp provider; nothing is stored.",
  body: OnrampQuoteRequest,
  response: OnrampQuote,
  errorModel: "domain",
  errors: [ONRAMP_ERRORS[400], ONRAMP_ERRORS[422], ONRAMP_ERRORS[502]],
  readOnly: true,
  idempotent: true,
  widget: true,
  async handler({ body }, ctx: OnrampContext) {
    const terms = await ctx.services.onramp.quote(
      { fiatAmount: body.fiat_amount, fiatCurrency: body.fiat_currency },
      { signal: ctx.signal },
    );
    return onrampQuote({ ...terms, quoteId: quoteIdOf(terms) });
  },
});
