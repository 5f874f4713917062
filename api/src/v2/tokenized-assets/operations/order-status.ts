import { defineOperation } from "../../../kernel/registry/define.ts";
import { equityOrderStatus } from "../domain/equity/manage.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { EquityOrderStatus, OrderHashParam } from "../schemas.ts";

export const orderStatus = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/order/{order_hash}",
  name: "orderStatus",
  summary: "Status of a tokenized-equity order",
  description:
    "`pending` (also while partially filled), `filled`, `expired` or `cancelled`, with the latest fill's transaction, the amount filled (raw, input-token decimals) and the average fill price in USD per share. Read from the order relay.",
  params: OrderHashParam,
  response: EquityOrderStatus,
  history: true,
  errors: [
    { status: 400, description: "bad order hash" },
    { status: 404, description: "unknown order" },
    { status: 502, description: "order relay unavailable" },
  ],
  errorModel: "mixed",
  widget: true,
  cli: { command: "order-status", aliases: ["os"] },
  handler: ({ params }, ctx: TokenizedAssetsContext) => equityOrderStatus(ctx, params.order_hash),
});
