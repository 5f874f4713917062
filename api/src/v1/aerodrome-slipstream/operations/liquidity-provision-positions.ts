import { defineOperation } from "../../../kernel/registry/define.ts";
import { userPositions } from "../domain/positions.ts";
import { AerodromeLPPositionsResponse, PositionsQuery } from "../schemas.ts";

export const liquidityProvisionPositions = defineOperation({
  method: "GET",
  path: "/v1/aerodrome_slipstream/liquidity_provision/positions",
  summary: "List LP positions",
  description:
    "Every Slipstream position NFT `user` holds, keyed by its id, with the position manager's record.",
  query: PositionsQuery,
  response: AerodromeLPPositionsResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ query }, ctx) => userPositions(ctx, query.user),
});
