import { fieldError } from "../../errors.ts";
import { defineOperation } from "../../registry/define.ts";
import { quoteSwap } from "../domain/swap.ts";
import { EarnSwapQuoteQuery, EarnSwapQuoteResponse } from "../schemas.ts";

export const swapQuote = defineOperation({
  method: "GET",
  path: "/v2/earn/swap_quote",
  summary: "Quote a swap through the aggregator",
  description:
    'What `amount_in` of `token_in` buys of `token_out` (default USDC) on `chain` now, routed by the swap aggregator (1inch Swap API) across its liquidity, split or multi-hop where that returns more. Read-only: no account needed. `amount_out` is `"0"` when no route exists.',
  query: EarnSwapQuoteQuery,
  response: EarnSwapQuoteResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    if (query.sy_address)
      throw fieldError(
        ["query", "sy_address"],
        "Pendle SY quotes are not available on this deployment (no Pendle markets are configured)",
      );
    const client = ctx.services.chains.get(query.chain, ["query", "chain"]);
    return quoteSwap(
      { config: ctx.config, client, chain: query.chain, aggregator: ctx.services.aggregator },
      { ...query, token_out: query.token_out ?? "USDC", loc: ["query"] },
    );
  },
});
