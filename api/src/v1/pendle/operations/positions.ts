import { defineOperation } from "../../../kernel/registry/define.ts";
import { userPositions } from "../domain/reads.ts";
import { PendleListUserPositionsResponse, PositionsQuery } from "../schemas.ts";

export const positions = defineOperation({
  method: "GET",
  path: "/v1/pendle/positions",
  summary: "List User's Market Positions",
  description:
    "A wallet's Pendle positions on the chain, as Pendle's dashboard lists them: per market its PT, YT and LP with their USD value (open while it holds any, closed once it held some and holds none) and SY it holds directly.",
  query: PositionsQuery,
  response: PendleListUserPositionsResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user_address: "u" } },
  handler: ({ query }, ctx) => userPositions(ctx, query),
});
