import { defineOperation } from "../../../kernel/registry/define.ts";
import { portfolioOf } from "../domain/portfolio.ts";
import { Portfolio, PortfolioQuery } from "../schemas.ts";

export const portfolio = defineOperation({
  method: "GET",
  path: "/v1/generic/portfolio",
  summary: "List User Portfolio",
  description:
    "Every position `user` holds on `chain`, valued in USD at one block: the native coin and the tokens this deployment lists (at the chain's price oracle), ERC-4626 vault shares (at what they redeem for), Aave aTokens and variable debt (at their reserve's price; debt as a negative amount, subtracted from the total), Pendle PT, YT and LP (at Pendle's rates into the market's asset). Zero balances and what cannot be priced are left out; liquidity-position NFTs are listed by their own groups.",
  query: PortfolioQuery,
  response: Portfolio,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user: "u" } },
  handler: ({ query }, ctx) => portfolioOf(ctx, query.chain, query.user),
});
