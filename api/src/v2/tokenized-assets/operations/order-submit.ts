import { defineOperation } from "../../../kernel/registry/define.ts";
import { submitEquityOrder } from "../domain/equity/flow.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { EquitySubmitRequest, EquitySubmitResponse } from "../schemas.ts";

export const orderSubmit = defineOperation({
  method: "POST",
  path: "/v2/tokenized_assets/order/submit",
  name: "orderSubmit",
  summary: "Submit a signed tokenized-equity order",
  description:
    "Sends the signed order to the order relay, whose market makers fill it on chain during the NYSE regular session (in parts, within the slippage, until it expires). Poll `GET /v2/tokenized_assets/order/{order_hash}`. 410 when the quote expired (build a new order), 409 when the market is closed, 422 when the relay refuses the order (bad signature, mismatched order).",
  body: EquitySubmitRequest,
  response: EquitySubmitResponse,
  errors: [
    { status: 409, description: "market closed, or quote already used" },
    { status: 410, description: "quote expired" },
    { status: 422, description: "invalid request, or the relay refused the order (signature, fields)" },
    { status: 502, description: "order relay unavailable" },
  ],
  errorModel: "mixed",
  destructive: true,
  widget: true,
  cli: { command: "order-submit", aliases: ["osu"], short: { extension: "e" } },
  handler: ({ body }, ctx: TokenizedAssetsContext) => submitEquityOrder(ctx, body),
});
