import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Portfolio } from "../domain/generic.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0Portfolio, V0PortfolioRequest } from "../schemas.ts";

export const genericPortfolio = defineOperation({
  name: "genericPortfolio",
  method: "POST",
  path: "/v0/generic/portfolio/get",
  summary: "Get portfolio",
  description:
    "The wallet's token balances on the chain, valued in USD at the chain's price oracle (the tokens of v0's token list; `GET /v1/generic/portfolio` has every position).",
  body: V0PortfolioRequest,
  response: V0Portfolio,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) => v0Portfolio(ctx, body),
});
