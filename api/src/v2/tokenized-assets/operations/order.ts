import { defineOperation } from "../../../kernel/registry/define.ts";
import { equityOrder } from "../domain/equity/flow.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { EquityOrderRequest, EquityOrderResponse } from "../schemas.ts";

export const order = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/order",
  name: "order",
  summary: "Build a tokenized-equity limit order",
  description:
    "Builds a 1inch Limit Order Protocol v4 order made by the Tokenized Assets Account on a fresh relay quote: the owner signs `order.safe_message_eip712` (a SafeMessage over the order hash, validated by the account under ERC-1271 when a market maker fills it) and sends the order to `POST /v2/tokenized_assets/order/submit`. `approval_safe_tx_eip712` (a simulated SafeTx granting the protocol the allowance) must be executed first when not null. 409 outside the NYSE regular session; 422 when `slippage_bps` is below the auction range (raise slippage_bps).",
  body: EquityOrderRequest,
  response: EquityOrderResponse,
  errors: [
    { status: 400, description: "unsupported token" },
    { status: 404, description: "quote not found" },
    { status: 409, description: "market closed or account not deployed" },
    { status: 410, description: "quote expired" },
    {
      status: 422,
      description: "invalid request, wrong trade flow, balance too low, or slippage_bps too low",
    },
    { status: 502, description: "order relay or chain unavailable" },
  ],
  errorModel: "domain",
  widget: true,
  cli: { short: { amount: "a", from_token: "f", to_token: "t", slippage_bps: "s" } },
  handler: ({ body }, ctx: TokenizedAssetsContext) => equityOrder(ctx, body),
});
