import { defineOperation } from "../../../kernel/registry/define.ts";
import { cancelEquityOrder } from "../domain/equity/manage.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { CancelOrderRequest, EquityCancelResponse, OrderHashParam } from "../schemas.ts";

export const orderCancel = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/order/{order_hash}/cancel",
  name: "orderCancel",
  summary: "Cancel a tokenized-equity order",
  description:
    "The SafeTx (simulated) that has the Tokenized Assets Account cancel its order on the Limit Order Protocol; once it is executed the relay stops filling and the order reads `cancelled`. Only `pending` or `expired` orders (409 otherwise); the owner's account must be the maker (403).",
  params: OrderHashParam,
  body: CancelOrderRequest,
  response: EquityCancelResponse,
  errors: [
    { status: 400, description: "bad request" },
    { status: 403, description: "the owner's account is not the order's maker" },
    { status: 404, description: "unknown order" },
    { status: 409, description: "order not cancellable (filled or cancelled)" },
    { status: 422, description: "invalid request" },
    { status: 502, description: "order relay or chain unavailable" },
  ],
  errorModel: "mixed",
  widget: true,
  cli: { command: "order-cancel", aliases: ["oc"] },
  handler: ({ params, body }, ctx: TokenizedAssetsContext) =>
    cancelEquityOrder(ctx, params.order_hash, body.owner),
});
