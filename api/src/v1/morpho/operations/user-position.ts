import { getAddress } from "viem";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { userPosition as read } from "../domain/user.ts";
import { MorphoCheckUserPositionResponse, UserPositionQuery } from "../schemas.ts";

export const userPosition = defineOperation({
  method: "GET",
  path: "/v1/morpho/user_position",
  summary: "Check User Position",
  description:
    "`user_address`'s Morpho on `chain`: every Blue market it has been in (from Morpho's events) with its supply, borrow and collateral now, health factor and the price fall to liquidation; every MetaMorpho vault it holds; and the PnL of each — what it is worth now against what went in and came out, in USD at the chain's oracle.",
  query: UserPositionQuery,
  response: MorphoCheckUserPositionResponse,
  history: true,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user_address: "u" } },
  handler: ({ query }, ctx) => read(ctx, query.chain, getAddress(query.user_address)),
});
