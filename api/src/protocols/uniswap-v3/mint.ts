import { type Address, encodeFunctionData, getAddress } from "viem";
import { prefetchTxFields } from "../../kernel/chain/transaction.ts";
import type { Config } from "../../kernel/config/env.ts";
import { fieldError } from "../../kernel/errors.ts";
import type { UniswapV3 } from "./deployment.ts";
import { type Amounts, deadline, pullAll, send, units, type Write } from "./liquidity.ts";
import { FEE_TIERS, keyArgs, type PoolKey, readPool } from "./pools.ts";

const MAX_TICK = 887272;

/** The range's ticks, judged by the pool key alone (before any read): multiples of its spacing, within bounds. */
function checkRange(key: PoolKey, body: { tick_lower: number; tick_upper: number }): void {
  const spacing = "tier" in key ? FEE_TIERS[key.tier].spacing : key.tickSpacing;
  for (const [field, tick] of [
    ["tick_lower", body.tick_lower],
    ["tick_upper", body.tick_upper],
  ] as const) {
    if (spacing > 0 && tick % spacing !== 0)
      throw fieldError(
        ["body", field],
        "tier" in key
          ? `a multiple of ${spacing} (the ${key.tier} % tier's tick spacing)`
          : `a multiple of the tick spacing ${spacing}`,
      );
    if (tick < -MAX_TICK || tick > MAX_TICK)
      throw fieldError(["body", field], `between ${-MAX_TICK} and ${MAX_TICK}`);
  }
  if (body.tick_lower >= body.tick_upper) throw fieldError(["body", "tick_upper"], "above tick_lower");
}

/**
 * A new position: `mint` on the position manager in an existing pool, the two tokens put in the pool's order (the
 * request may name them either way), the range's ticks held to the pool's spacing and bounds, both amounts checked
 * against the sender's balances and allowances to the position manager first.
 */
export async function mintTransaction(
  config: Config,
  uni: UniswapV3,
  key: PoolKey,
  body: Write &
    Amounts & {
      token0: string;
      token1: string;
      tick_lower: number;
      tick_upper: number;
      recipient?: string | null;
    },
) {
  checkRange(key, body);
  const pool = await readPool(config, uni, body.token0, body.token1, key, {
    a: ["body", "token0"],
    b: ["body", "token1"],
  });
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(uni.client, uni.chain, sender);
  // the request's token0/token1 are `a`/`b`; the pool's order may be the other way round
  const a = {
    desired: units(body.amount0_desired, pool.a, "amount0_desired"),
    min: units(body.amount0_min, pool.a, "amount0_min"),
  };
  const b = {
    desired: units(body.amount1_desired, pool.b, "amount1_desired"),
    min: units(body.amount1_min, pool.b, "amount1_min"),
  };
  if (a.desired === 0n && b.desired === 0n)
    throw fieldError(["body", "amount0_desired"], "one of the amounts must be above 0");
  const [x0, x1] = pool.a.address !== pool.token0.address ? [b, a] : [a, b];
  await pullAll(uni, sender, [
    [pool.a, a.desired, "amount0_desired"],
    [pool.b, b.desired, "amount1_desired"],
  ]);
  const data = encodeFunctionData({
    abi: uni.variant.abis.positions,
    functionName: "mint",
    args: [
      {
        token0: pool.token0.address,
        token1: pool.token1.address,
        ...keyArgs(uni, pool),
        tickLower: body.tick_lower,
        tickUpper: body.tick_upper,
        amount0Desired: x0.desired,
        amount1Desired: x1.desired,
        amount0Min: x0.min,
        amount1Min: x1.min,
        recipient: getAddress(body.recipient ?? sender),
        deadline: await deadline(uni),
        // Slipstream's manager would create a missing pool at this price: 0, the pool must exist
        ...(uni.variant.key === "tickSpacing" ? { sqrtPriceX96: 0n } : {}),
      },
    ],
  });
  return { transaction: await send(uni, sender, data, body, fields, "mint") };
}
