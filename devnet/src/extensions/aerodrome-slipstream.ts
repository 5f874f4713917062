import { type Address, getAddress, maxUint256, parseAbi } from "viem";
import { roleAccount } from "../accounts.ts";
import { callContract, ensureDeployed } from "../earn/deploy.ts";
import { approveOnce, balanceOf, fund } from "../earn/funding.ts";
import { SLIPSTREAM_POOLS, slipstreamDeployments, slipstreamPoolPlan } from "../earn/slipstream.ts";
import { loadSlipstreamArtifact } from "../earn/slipstream-compile.ts";
import type { ChainExtension } from "./types.ts";

const factoryAbi = parseAbi([
  "function getPool(address, address, int24) view returns (address)",
  "function createPool(address tokenA, address tokenB, int24 tickSpacing, uint160 sqrtPriceX96) returns (address pool)",
]);
const poolAbi = parseAbi([
  "function nft() view returns (address)",
  "function setGaugeAndPositionManager(address _gauge, address _nft)",
  "function liquidity() view returns (uint128)",
]);

/**
 * Aerodrome Slipstream on base (earn/slipstream.ts): its contracts through the CREATE2 factory, two pools created
 * by CLFactory at the tokens' reference prices, each told its position manager by the gauge factory (the
 * deployer, as AerodromeVoterTwin names it; no gauge), and seeded by `earn_operator` with a full-range position
 * through the NonfungiblePositionManager.
 */
export const aerodromeSlipstreamExtension: ChainExtension = {
  name: "aerodrome slipstream",
  chains: ["base"],
  async ensure(ctx) {
    const d = slipstreamDeployments();
    for (const deployment of Object.values(d)) await ensureDeployed(ctx, deployment);
    const deployer = roleAccount("deployer").address;
    const operator = roleAccount("earn_operator").address;
    const npm = d.AerodromeSlipstreamPositionManager.address;
    const npmAbi = loadSlipstreamArtifact("NonfungiblePositionManager").abi;
    for (const pool of SLIPSTREAM_POOLS) {
      const plan = slipstreamPoolPlan(pool);
      const factory = d.AerodromeSlipstreamFactory.address;
      const existing = await ctx.clients.public.readContract({
        address: factory,
        abi: factoryAbi,
        functionName: "getPool",
        args: [plan.token0.address, plan.token1.address, pool.tickSpacing],
      });
      if (existing === "0x0000000000000000000000000000000000000000")
        await callContract(ctx, {
          from: deployer,
          address: factory,
          abi: factoryAbi,
          functionName: "createPool",
          args: [plan.token0.address, plan.token1.address, pool.tickSpacing, plan.sqrtPriceX96],
        });
      const address = getAddress(
        await ctx.clients.public.readContract({
          address: factory,
          abi: factoryAbi,
          functionName: "getPool",
          args: [plan.token0.address, plan.token1.address, pool.tickSpacing],
        }),
      );
      if (address !== plan.address)
        throw new Error(`base: Slipstream pool at ${address}, predicted ${plan.address}`);
      const nft = await ctx.clients.public.readContract({ address, abi: poolAbi, functionName: "nft" });
      if (getAddress(nft) !== getAddress(npm))
        await callContract(ctx, {
          from: deployer,
          address,
          abi: poolAbi,
          functionName: "setGaugeAndPositionManager",
          args: ["0x0000000000000000000000000000000000000000", npm],
        });
      if ((await ctx.clients.public.readContract({ address, abi: poolAbi, functionName: "liquidity" })) > 0n)
        continue;
      for (const [token, amount] of [
        [plan.token0, plan.amount0],
        [plan.token1, plan.amount1],
      ] as const) {
        const held = await balanceOf(ctx, token.address, operator);
        if (held < amount) await fund(ctx, token, operator, amount - held);
        await approveOnce(ctx, token.address, operator, npm);
      }
      await callContract(ctx, {
        from: operator,
        address: npm,
        abi: npmAbi as never,
        functionName: "mint" as never,
        args: [
          {
            token0: plan.token0.address,
            token1: plan.token1.address,
            tickSpacing: pool.tickSpacing,
            tickLower: plan.tickLower,
            tickUpper: plan.tickUpper,
            amount0Desired: plan.amount0,
            amount1Desired: plan.amount1,
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: operator,
            deadline: maxUint256,
            sqrtPriceX96: 0n,
          },
        ] as never,
      });
      ctx.log(`base: Slipstream ${pool.a}/${pool.b} (tick spacing ${pool.tickSpacing}) seeded`);
    }
  },
  contracts: () => {
    const d = slipstreamDeployments();
    return {
      ...Object.fromEntries(Object.entries(d).map(([name, dep]) => [name, dep.address as Address])),
      ...Object.fromEntries(
        SLIPSTREAM_POOLS.map((p) => [
          `AerodromeSlipstreamPool_${p.a}_${p.b}_${p.tickSpacing}`,
          slipstreamPoolPlan(p).address,
        ]),
      ),
    };
  },
};
