import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveRead } from "../domain/context.ts";
import { readPositionSummary } from "../domain/positions.ts";
import { AaveUserPositionSummaryResponse, AaveUserQuery } from "../schemas.ts";

export const userPositionSummary = defineOperation({
  method: "GET",
  path: "/v1/aave/user_position_summary",
  summary: "Positions - Total",
  description:
    "`user`'s whole Aave v3 position on `chain` at `block` (or now), as the pool computes it: collateral, debt and what may still be borrowed in USD, the maximum LTV and liquidation threshold (fractions) and the health factor (below 1 it can be liquidated; a very large number when there is no debt).",
  query: AaveUserQuery,
  response: AaveUserPositionSummaryResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c", user: "u", block: "b" } },
  async handler({ query }, ctx) {
    const { client, market, at } = await aaveRead(ctx, query.chain, query.block);
    return readPositionSummary(client, market, query.user, at.number);
  },
});
