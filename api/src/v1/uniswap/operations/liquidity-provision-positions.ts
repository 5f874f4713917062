import { getAddress } from "viem";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { userPositions } from "../domain/positions.ts";
import { PositionsQuery, UniswapLPPositionsInfoResponse } from "../schemas.ts";

export const liquidityProvisionPositions = defineOperation({
  method: "GET",
  path: "/v1/uniswap/liquidity_provision/positions",
  summary: "List liquidity provision positions",
  description:
    "Every Uniswap v3 position `user` holds on `chain`, keyed by its NFT id: the NonfungiblePositionManager's record of each (tokens, fee, range, liquidity, fees owed). Large integers are JSON integers up to 2^53 and decimal strings beyond.",
  query: PositionsQuery,
  response: UniswapLPPositionsInfoResponse,
  widget: false,
  cli: { short: { chain: "c", user: "u" } },
  handler: ({ query }, ctx) => userPositions(ctx, query.chain, getAddress(query.user)),
});
