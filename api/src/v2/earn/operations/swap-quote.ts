import { defineOperation } from "../../../kernel/registry/define.ts";
import { quoteSwap } from "../../../protocols/aggregators/index.ts";
import { syAsset } from "../../../protocols/pendle/index.ts";
import type { EarnContext } from "../domain/ports.ts";
import { EarnSwapQuoteQuery, EarnSwapQuoteResponse } from "../schemas.ts";

export const swapQuote = defineOperation({
  method: "GET",
  path: "/v2/earn/swap_quote",
  summary: "Quote a swap through the aggregator",
  description:
    'What `amount_in` of `token_in` buys of `token_out` (default USDC) on `chain` now, routed by the swap aggregator (1inch Swap API) across its liquidity, split or multi-hop where that returns more. Read-only: no account needed. `amount_out` is `"0"` when no route exists. With `sy_address` (a Pendle SY), `token_in` is replaced by what the SY\'s PT redeems into (quoted 1:1 when that is `token_out`).',
  query: EarnSwapQuoteQuery,
  response: EarnSwapQuoteResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: EarnContext) {
    const client = ctx.services.chains.get(query.chain, ["query", "chain"]);
    // a PT's proceeds: quote from what its SY redeems into
    const tokenIn = query.sy_address
      ? await syAsset(client, query.chain, query.sy_address, ["query", "sy_address"])
      : query.token_in;
    return quoteSwap(
      { config: ctx.config, client, chain: query.chain, aggregator: ctx.services.aggregator },
      {
        ...query,
        token_in: tokenIn,
        token_out: query.token_out ?? "USDC",
        loc: ["query"],
        sameTokenAtPar: query.sy_address !== undefined,
      },
    );
  },
});
