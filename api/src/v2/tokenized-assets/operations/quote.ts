import { defineOperation } from "../../../kernel/registry/define.ts";
import { equityQuote } from "../domain/equity/flow.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { EquityQuoteRequest, EquityQuoteResponse } from "../schemas.ts";

export const quote = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/quote",
  name: "quote",
  summary: "Quote a tokenized-equity order",
  description:
    'Read-only preview of an equity order (provider ondo, Ethereum): `amount` of `from_token` (USDC for a buy, the equity for a sell) priced by the order relay, with its fee, the auction range and the slippage to use. Consumes no quote id. 409 outside the NYSE regular session or when the account is not deployed; 422 "Wrong trade flow" for non-equity tokens.',
  body: EquityQuoteRequest,
  response: EquityQuoteResponse,
  errors: [
    { status: 400, description: "unsupported token" },
    { status: 404, description: "not found" },
    { status: 409, description: "market closed or account not deployed" },
    { status: 422, description: "invalid request, unknown token symbol, or wrong trade flow" },
    { status: 502, description: "order relay or chain unavailable" },
  ],
  errorModel: "domain",
  readOnly: true,
  widget: true,
  cli: { short: { amount: "a", from_token: "f", to_token: "t" } },
  handler: ({ body }, ctx: TokenizedAssetsContext) => equityQuote(ctx, body),
});
