import { WETH } from "@compass/constants";
import { type Address, concat, encodeAbiParameters, getContractAddress, type Hex, keccak256 } from "viem";
import { roleAccount } from "../accounts.ts";
import { loadArtifact } from "../contracts/artifacts.ts";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";
import { loadSlipstreamArtifact } from "./slipstream-compile.ts";
import { poolPlan } from "./uniswap.ts";

/**
 * Aerodrome Slipstream on base, built from its authors' sources (slipstream-compile.ts): CLPool (the
 * implementation every pool clones), CLFactory, SwapRouter, NonfungiblePositionManager and QuoterV2, with the
 * devnet's AerodromeVoterTwin standing in for the Voter, FactoryRegistry and legacy factory they read.
 */
export const SLIPSTREAM_POOLS = [
  // the reference's default pool_price pair: USDC/WETH at tick spacing 100 (0.05 %)
  { a: "WETH", b: "USDC", tickSpacing: 100, usdA: 600_000 },
  { a: "USDT", b: "USDC", tickSpacing: 1, usdA: 500_000 },
] as const;
export type SlipstreamPool = (typeof SLIPSTREAM_POOLS)[number];

export function slipstreamDeployments() {
  const deployer = roleAccount("deployer").address;
  const weth = WETH.base!.address;
  const voter = create2Deployment("aerodrome:voter", loadArtifact("AerodromeVoterTwin"), [deployer]);
  const poolImplementation = create2Deployment("aerodrome:CLPool", loadSlipstreamArtifact("CLPool"));
  const factory = create2Deployment("aerodrome:CLFactory", loadSlipstreamArtifact("CLFactory"), [
    voter.address,
    voter.address,
    poolImplementation.address,
  ]);
  return {
    AerodromeVoter: voter,
    AerodromeSlipstreamPoolImplementation: poolImplementation,
    AerodromeSlipstreamFactory: factory,
    AerodromeSlipstreamRouter: create2Deployment(
      "aerodrome:SwapRouter",
      loadSlipstreamArtifact("SwapRouter"),
      [factory.address, weth],
    ),
    AerodromeSlipstreamPositionManager: create2Deployment(
      "aerodrome:NonfungiblePositionManager",
      loadSlipstreamArtifact("NonfungiblePositionManager"),
      [
        factory.address,
        weth,
        "0x0000000000000000000000000000000000000000",
        "Slipstream Position NFT v1",
        "AERO-CL-POS",
      ],
    ),
    AerodromeSlipstreamQuoterV2: create2Deployment("aerodrome:QuoterV2", loadSlipstreamArtifact("QuoterV2"), [
      factory.address,
      weth,
    ]),
  } satisfies Record<string, Create2Deployment>;
}

/** A seeded pool's tokens in order, raw amounts, start price, and where CLFactory clones it (Clones' CREATE2). */
export function slipstreamPoolPlan(pool: SlipstreamPool) {
  const plan = poolPlan("base", { a: pool.a, b: pool.b, fee: 500, usdA: pool.usdA } as never);
  const d = slipstreamDeployments();
  const clone: Hex = concat([
    "0x3d602d80600a3d3981f3363d3d373d3d3d363d73",
    d.AerodromeSlipstreamPoolImplementation.address,
    "0x5af43d82803e903d91602b57fd5bf3",
  ]);
  const salt = keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "int24" }],
      [plan.token0.address, plan.token1.address, pool.tickSpacing],
    ),
  );
  const address: Address = getContractAddress({
    opcode: "CREATE2",
    from: d.AerodromeSlipstreamFactory.address,
    salt,
    bytecodeHash: keccak256(clone),
  });
  const max = Math.floor(887272 / pool.tickSpacing) * pool.tickSpacing;
  return { ...plan, tickSpacing: pool.tickSpacing, address, tickLower: -max, tickUpper: max };
}
