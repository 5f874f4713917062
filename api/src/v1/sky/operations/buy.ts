import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { skyTrade } from "../domain/sky.ts";
import { SkyBuyRequest } from "../schemas.ts";

export const buy = defineOperation({
  method: "POST",
  path: "/v1/sky/buy",
  summary: "Buy USDS",
  description:
    "A transaction for `sender` that converts `amount` of DAI (Sky's DaiUsds converter) or USDC (the USDS PSM) into USDS, 1:1. The sender's balance and its allowance to `SkyDaiUsdsConverter` or `SkyUsdcUsdsConverter` are checked first.",
  body: SkyBuyRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => skyTrade(ctx, "buy", body),
});
