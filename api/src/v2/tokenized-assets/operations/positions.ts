import { defineOperation } from "../../../kernel/registry/define.ts";
import { readHoldings } from "../domain/holdings.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { positionsView } from "../domain/positions.ts";
import { HoldingsQuery, PositionsResponse } from "../schemas.ts";

export const positions = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/positions",
  summary: "Positions of the Tokenized Assets Account",
  description:
    "Non-zero holdings of the owner's account on `chain` with USD value, activity (buys, sells, transfers) and average-cost PnL reconstructed from on-chain events. `pending_orders` lists fund orders waiting for their NAV cycle.",
  query: HoldingsQuery,
  response: PositionsResponse,
  history: true,
  errors: [{ status: 502, description: "chain or issuer unavailable" }],
  errorModel: "mixed",
  cli: { short: { chain: "c" } },
  widget: true,
  async handler({ query }, ctx: TokenizedAssetsContext) {
    return positionsView(query.owner, await readHoldings(ctx, query.chain, query.owner));
  },
});
