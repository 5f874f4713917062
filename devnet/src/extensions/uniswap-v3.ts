import { uniswapV3PoolAbi, uniswapV3PositionManagerAbi } from "@compass/constants";
import { roleAccount } from "../accounts.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { approveOnce, fund } from "../earn/funding.ts";
import { EARN_CHAINS, type EarnChain, earnTokens } from "../earn/tokens.ts";
import { fullRange, poolPlan, SEEDED_POOLS, uniswapDeployments } from "../earn/uniswap.ts";
import type { ChainExtension, ExtensionContext } from "./types.ts";

/** Uniswap v3 (the authors' npm builds) with seeded pools on every earn chain; see earn/uniswap.ts. */
export const uniswapV3Extension: ChainExtension = {
  name: "uniswap v3",
  chains: EARN_CHAINS,
  async ensure(ctx) {
    const chain = ctx.spec.name as EarnChain;
    const deployments = uniswapDeployments(chain);
    for (const deployment of Object.values(deployments)) await ensureDeployed(ctx, deployment);
    for (const pool of SEEDED_POOLS) await seedPool(ctx, chain, pool);
  },
  contracts: (chain) => ({
    ...Object.fromEntries(
      Object.entries(uniswapDeployments(chain as EarnChain)).map(([name, d]) => [name, d.address]),
    ),
    ...Object.fromEntries(
      SEEDED_POOLS.map((pool) => {
        const tokens = earnTokens(chain as EarnChain);
        const name = `UniswapV3Pool_${tokens[pool.a].symbol}_${tokens[pool.b].symbol}_${pool.fee}`;
        return [name, poolPlan(chain as EarnChain, pool).address];
      }),
    ),
  }),
};

async function seedPool(ctx: ExtensionContext, chain: EarnChain, pool: (typeof SEEDED_POOLS)[number]) {
  const plan = poolPlan(chain, pool);
  const hasCode = (await ctx.clients.public.getCode({ address: plan.address })) !== undefined;
  if (
    hasCode &&
    (await ctx.clients.public.readContract({
      address: plan.address,
      abi: uniswapV3PoolAbi,
      functionName: "liquidity",
    })) > 0n
  )
    return;
  const manager = uniswapDeployments(chain).UniswapV3PositionManager.address;
  const operator = roleAccount("earn_operator").address;
  await callContract(ctx, {
    from: operator,
    address: manager,
    abi: uniswapV3PositionManagerAbi,
    functionName: "createAndInitializePoolIfNecessary",
    args: [plan.token0.address, plan.token1.address, plan.fee, plan.sqrtPriceX96],
  });
  for (const [token, amount] of [
    [plan.token0, plan.amount0],
    [plan.token1, plan.amount1],
  ] as const) {
    await fund(ctx, token, operator, amount);
    await approveOnce(ctx, token.address, operator, manager);
  }
  const { tickLower, tickUpper } = fullRange(plan.fee);
  const block = await ctx.clients.public.getBlock();
  await callContract(ctx, {
    from: operator,
    address: manager,
    abi: uniswapV3PositionManagerAbi,
    functionName: "mint",
    args: [
      {
        token0: plan.token0.address,
        token1: plan.token1.address,
        fee: plan.fee,
        tickLower,
        tickUpper,
        amount0Desired: plan.amount0,
        amount1Desired: plan.amount1,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: operator,
        deadline: block.timestamp + 3600n,
      },
    ],
  });
  ctx.log(`${chain}: Uniswap v3 pool ${pool.a}/${pool.b} ${pool.fee} seeded at ${plan.address}`);
}
