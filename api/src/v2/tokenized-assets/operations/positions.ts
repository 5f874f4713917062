import { z } from "zod";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { readHoldings } from "../domain/holdings.ts";
import type { TokenizedAssetsContext } from "../domain/ports.ts";
import { positionsView } from "../domain/positions.ts";
import { HoldingsQuery, PendingOrder, Pnl, Position } from "../schemas.ts";

export const positions = defineOperation({
  method: "GET",
  path: "/v2/tokenized_assets/positions",
  summary: "Positions of the Tokenized Assets Account",
  description:
    "Non-zero holdings of the owner's account on `chain` with USD value, activity (buys, sells, transfers) and average-cost PnL reconstructed from on-chain events. `pending_orders` lists fund orders waiting for their NAV cycle.",
  query: HoldingsQuery,
  response: z
    .object({
      owner: z.string(),
      positions: z.array(Position),
      total_usd: z.string(),
      pnl: Pnl.nullable(),
      pending_orders: z.array(PendingOrder).describe("Ours: fund subscriptions/redemptions not yet settled"),
    })
    .meta({ id: "PositionsResponse" }),
  errors: [{ status: 502, description: "chain or issuer unavailable" }],
  errorModel: "mixed",
  cli: { short: { chain: "c" } },
  widget: true,
  async handler({ query }, ctx: TokenizedAssetsContext) {
    return positionsView(query.owner, await readHoldings(ctx, query.chain, query.owner));
  },
});
