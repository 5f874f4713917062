import { defineOperation } from "../../../kernel/registry/define.ts";
import { marketAt } from "../domain/market-at.ts";
import { MarketQuery, PendleGetMarketResponse } from "../schemas.ts";

export const market = defineOperation({
  method: "GET",
  path: "/v1/pendle/market",
  summary: "Get Market & User Position",
  description:
    "A Pendle market at `block` (or now): its implied APY (percent), maturity and tokens and, for `user_address`, the wallet's SY, PT, YT and LP balances and the YT yield it could claim at that block. A block before the market existed is a 422.",
  query: MarketQuery,
  response: PendleGetMarketResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", market_address: "m", user_address: "u", block: "b" } },
  handler: ({ query }, ctx) => marketAt(ctx, query),
});
