import { defineOperation } from "../../../kernel/registry/define.ts";
import { readAccount } from "../domain/account.ts";
import { findMarket, loadMarkets } from "../domain/markets.ts";
import type { PerpetualTradingContext } from "../domain/ports.ts";
import { toAccount } from "../domain/views.ts";
import { PositionsQuery, PositionsResponse } from "../schemas.ts";

export const positions = defineOperation({
  method: "GET",
  path: "/v2/perpetual_trading/positions",
  summary: "Open positions and account value of a trader",
  description:
    "The owner's open positions on the traditional-asset perps (empty when flat), with account value (margin + unrealized PnL) and the USDC withdrawable now.",
  query: PositionsQuery,
  response: PositionsResponse,
  errors: [{ status: 502, description: "venue unreachable" }],
  cli: { short: { asset: "a" } },
  widget: true,
  async handler({ query }, ctx: PerpetualTradingContext) {
    const venue = ctx.services.venue;
    const [markets, account] = await Promise.all([
      loadMarkets(venue, ctx.signal),
      readAccount(venue, query.owner, ctx.signal),
    ]);
    const coin =
      query.asset === undefined ? undefined : findMarket(markets, query.asset, ["query", "asset"]).coin;
    return toAccount(account, markets, coin);
  },
});
