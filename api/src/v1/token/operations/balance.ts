import { defineOperation } from "../../../kernel/registry/define.ts";
import { readBalance } from "../domain/balance.ts";
import { TokenBalanceQuery, TokenBalanceResponse } from "../schemas.ts";

export const balance = defineOperation({
  method: "GET",
  path: "/v1/token/balance",
  summary: "Token balance of a wallet",
  description:
    "Balance of `token` (symbol or address) held by `user` on `chain`. With `block`, the balance as it was at that block (historical query).",
  query: TokenBalanceQuery,
  response: TokenBalanceResponse,
  errors: [
    { status: 404, description: "token not found on that chain" },
    { status: 502, description: "chain RPC unreachable" },
  ],
  cli: { short: { chain: "c", user: "u", token: "t", block: "b" } },
  widget: true,
  async handler({ query }, ctx) {
    return readBalance(ctx, query);
  },
});
