import { defineOperation } from "../../../kernel/registry/define.ts";
import { readMarketPosition } from "../domain/user.ts";
import { MarketPositionQuery, MorphoCheckMarketPositionResponse } from "../schemas.ts";

export const marketPosition = defineOperation({
  method: "GET",
  path: "/v1/morpho/market_position",
  summary: "Check Market Position",
  description:
    "`user_address`'s borrow in a Morpho Blue market: its borrow shares, what they owe now (interest to the next block included, rounded up as Morpho rounds it), its collateral, and its LTV at the market's oracle against the market's LLTV, past which it can be liquidated.",
  query: MarketPositionQuery,
  response: MorphoCheckMarketPositionResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user_address: "u" } },
  async handler({ query }, ctx) {
    return readMarketPosition(ctx, query);
  },
});
