import type { Context } from "../../../kernel/context.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import type { OdosPorts } from "../../../protocols/aggregators/index.ts";
import { odosSwap } from "../domain/odos.ts";
import { OdosSwapRequest, OdosTransactionResponse } from "../schemas.ts";

export const odos = defineOperation({
  method: "POST",
  path: "/v1/swap/odos",
  summary: "Odos Swap",
  description:
    "A transaction for `sender` that sells `amount` of `token_in` for `token_out` along the route Odos's smart order routing finds, for at least its quote less `max_slippage_percent`. The sender's balance and its allowance to Odos's router (`OdosRouter`) are checked first; a swap Odos cannot route is a 422.",
  body: OdosSwapRequest,
  response: OdosTransactionResponse,
  errors: [{ status: 502, description: "Odos or the chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx: Context<OdosPorts>) => odosSwap(ctx, body),
});
