import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { skyTrade } from "../domain/sky.ts";
import { SkySellRequest } from "../schemas.ts";

export const sell = defineOperation({
  method: "POST",
  path: "/v1/sky/sell",
  summary: "Sell USDS",
  description:
    "A transaction for `sender` that converts `amount` of USDS into DAI (Sky's DaiUsds converter) or USDC (the USDS PSM, from what its pocket holds), 1:1. The sender's USDS and its allowance to the converter are checked first.",
  body: SkySellRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => skyTrade(ctx, "sell", body),
});
