import { type Erc20, resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { DomainError } from "../../../kernel/errors.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { priceBlock, priceOracle, usdPrices8 } from "../../../protocols/aave/index.ts";
import { TokenPriceQuery, TokenPriceResponse } from "../schemas.ts";

/** A token the oracle has no feed for has no price here (404), rather than a guess. */
function noPrice(token: Erc20, chain: string): never {
  throw new DomainError(
    404,
    "Price not found",
    `The price oracle on ${chain} has no feed for ${token.symbol} (${token.address})`,
  );
}

export const price = defineOperation({
  method: "GET",
  path: "/v1/token/price",
  summary: "Token Price",
  description:
    "`token`'s price in USD on `chain` at `block` (or now), as the chain's price oracle (the Aave v3 oracle's feeds) gave it then. A token without a feed is a 404.",
  query: TokenPriceQuery,
  response: TokenPriceResponse,
  history: true,
  errors: [
    { status: 404, description: "no price feed for the token" },
    { status: 502, description: "chain RPC unreachable" },
  ],
  widget: false,
  cli: { short: { chain: "c", token: "t", block: "b" } },
  async handler({ query }, ctx) {
    const client = ctx.services.chains.get(query.chain, ["query", "chain"]);
    const oracle = priceOracle(ctx.config, query.chain, ["query", "chain"]);
    const [token, at] = await Promise.all([
      resolveErc20(ctx.config, client, query.chain, query.token, ["query", "token"]),
      priceBlock(client, query.chain, ctx.services.chains.logs, oracle, query.block),
    ]);
    const [usd8] = await usdPrices8(client, query.chain, oracle, [token.address], at.number);
    if (usd8 == null) return noPrice(token, query.chain);
    return { price: formatDecimal(usd8, 8) };
  },
});
