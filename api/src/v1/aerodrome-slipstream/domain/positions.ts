import { getAddress } from "viem";
import type { Context } from "../../../kernel/context.ts";
import { jsonInt } from "../../../kernel/lib/amounts.ts";
import { positionsOf } from "../../../protocols/uniswap-v3/index.ts";
import { slipstreamOn } from "./deployment.ts";

/** Every Slipstream position `user` holds, by NFT id: the position manager's record of each, in the wire's names. */
export async function userPositions(ctx: Context, user: string) {
  const uni = slipstreamOn(ctx, "query");
  const held = await positionsOf(uni, getAddress(user));
  return {
    positions: Object.fromEntries(
      held.map(({ id, position: p }) => [
        id.toString(),
        {
          nonce: jsonInt(p.nonce),
          operator: p.operator,
          token0: p.token0,
          token1: p.token1,
          tick_spacing: p.key,
          tick_lower: p.tickLower,
          tick_upper: p.tickUpper,
          liquidity: jsonInt(p.liquidity),
          fee_growth_inside0_last_x128: jsonInt(p.fg0),
          fee_growth_inside1_last_x128: jsonInt(p.fg1),
          tokens_owed0: jsonInt(p.owed0),
          tokens_owed1: jsonInt(p.owed1),
          token_id: jsonInt(id),
        },
      ]),
    ),
  };
}
