import { defineOperation } from "../../../kernel/registry/define.ts";
import { tradePt } from "../domain/trades.ts";
import { PendleTradePtRequest, PendleTxResponse } from "../schemas.ts";

export const pt = defineOperation({
  method: "POST",
  path: "/v1/pendle/pt",
  summary: "Trade Principal Token (PT)",
  description:
    "A transaction for `sender` that buys PT with `amount_in` of `token`, or sells `amount_in` PT for `token`, through Pendle's router, for at least the quote less `max_slippage_percent`. After expiry a sale redeems PT at par. The sender's balance and its allowance to `PendleRouter` are checked first.",
  body: PendleTradePtRequest,
  response: PendleTxResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => tradePt(ctx, body),
});
