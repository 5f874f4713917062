import { defineOperation } from "../../../kernel/registry/define.ts";
import { balancesView } from "../domain/balances.ts";
import { readHoldings } from "../domain/holdings.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { BalancesResponse, HoldingsQuery } from "../schemas.ts";

export const balances = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/balances",
  summary: "Balances of the Tokenized Assets Account",
  description:
    "USDC and every listed asset the owner's account holds or has held on `chain` (zero balances of exited tokens included), each with its full transfer history.",
  query: HoldingsQuery,
  response: BalancesResponse,
  history: true,
  errors: [{ status: 502, description: "chain or issuer unavailable" }],
  errorModel: "mixed",
  cli: { short: { chain: "c" } },
  widget: true,
  async handler({ query }, ctx: TokenizedAssetsContext) {
    return balancesView(await readHoldings(ctx, query.chain, query.owner));
  },
});
