import { formatDecimal } from "../../../kernel/lib/format.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveRead } from "../domain/context.ts";
import { reserveAt } from "../domain/reserves.ts";
import { AaveTokenPriceResponse, AaveTokenQuery } from "../schemas.ts";

export const tokenPrice = defineOperation({
  method: "GET",
  path: "/v1/aave/token_price",
  summary: "Token Prices",
  description:
    "`token`'s price in USD as the Aave v3 oracle on `chain` gave it at `block` (or now) — the price the pool values collateral and debt at.",
  query: AaveTokenQuery("arbitrum"),
  response: AaveTokenPriceResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c", token: "t", block: "b" } },
  async handler({ query }, ctx) {
    const { client, market, at } = await aaveRead(ctx, query.chain, query.block);
    const r = await reserveAt(client, market, at.number, query.token, ["query", "token"]);
    return { price: formatDecimal(r.priceUsd8, 8) };
  },
});
