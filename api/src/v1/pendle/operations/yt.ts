import { defineOperation } from "../../../kernel/registry/define.ts";
import { tradeYt } from "../domain/trades.ts";
import { PendleTradeYtRequest, PendleTxResponse } from "../schemas.ts";

export const yt = defineOperation({
  method: "POST",
  path: "/v1/pendle/yt",
  summary: "Trade Yield Token (YT)",
  description:
    "A transaction for `sender` that buys YT with `amount_in` of `token`, or sells `amount_in` YT for `token`, through Pendle's router, for at least the quote less `max_slippage_percent`. YT trades until expiry. The sender's balance and its allowance to `PendleRouter` are checked first.",
  body: PendleTradeYtRequest,
  response: PendleTxResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => tradeYt(ctx, body),
});
