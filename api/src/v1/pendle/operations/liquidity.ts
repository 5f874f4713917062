import { defineOperation } from "../../../kernel/registry/define.ts";
import { manageLiquidity } from "../domain/liquidity.ts";
import { PendleManageLiquidityRequest, PendleTxResponse } from "../schemas.ts";

export const liquidity = defineOperation({
  method: "POST",
  path: "/v1/pendle/liquidity",
  summary: "Manage Liquidity",
  description:
    "A transaction for `sender` that adds `amount_in` of `token` to a Pendle market's pool for LP (`SUPPLY`), or takes `amount_in` LP out into `token` (`WITHDRAW`), for at least the quote less `max_slippage_percent`. The sender's balance and its allowance to `PendleRouter` are checked first.",
  body: PendleManageLiquidityRequest,
  response: PendleTxResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => manageLiquidity(ctx, body),
});
