/**
 * Wire fields the v1 concentrated-liquidity groups (Uniswap v3, Aerodrome Slipstream) share field for field: a
 * position's amounts, the share a withdrawal takes, and the position manager's record of a position around the
 * pool's key (Uniswap's `fee`, Slipstream's `tick_spacing`).
 */
import { z } from "zod";
import { Address, amountUnion } from "./common.ts";

const amount = (what: string) => amountUnion({ description: what, example: "1", positive: false });
/** An integer the wire writes as a JSON integer up to 2^53 and a decimal string beyond. */
export const jsonInteger = () =>
  z.union([z.int(), z.string()]).describe("an integer; a decimal string beyond 2^53");

/** A new position's amounts (the request's token order) and who receives its NFT. */
export const mintAmounts = () => ({
  amount0_desired: amount("token0 to add at most, human units"),
  amount1_desired: amount("token1 to add at most, human units"),
  amount0_min: amount("token0 to add at least (slippage bound)"),
  amount1_min: amount("token1 to add at least (slippage bound)"),
  recipient: Address.nullish().describe("who receives the position NFT (default: sender)"),
});

/** The amounts more liquidity adds to a position. */
export const increaseAmounts = () => ({
  amount0_desired: amount("the position's token0 to add at most"),
  amount1_desired: amount("the position's token1 to add at most"),
  amount0_min: amount("token0 to add at least"),
  amount1_min: amount("token1 to add at least"),
});

/** The share of a position's liquidity a withdrawal takes out. */
export const withdrawShare = () => ({
  percentage_for_withdrawal: amountUnion({
    description: "percent of the position's liquidity to take out",
    example: "25",
  }),
});

/** The position manager's record of a position: `key` is the pool's key, `tail` what the group adds. */
export const positionRecord = <K extends z.ZodRawShape, T extends z.ZodRawShape>(key: K, tail: T) => ({
  nonce: jsonInteger(),
  operator: z.string(),
  token0: z.string(),
  token1: z.string(),
  ...key,
  tick_lower: z.int(),
  tick_upper: z.int(),
  liquidity: jsonInteger(),
  fee_growth_inside0_last_x128: jsonInteger(),
  fee_growth_inside1_last_x128: jsonInteger(),
  tokens_owed0: jsonInteger(),
  tokens_owed1: jsonInteger(),
  ...tail,
});
