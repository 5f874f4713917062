import { UNISWAP_V3_POOL_INIT_CODE_HASH } from "@compass/constants";
import { type Address, encodeAbiParameters, getContractAddress, keccak256, zeroAddress } from "viem";
import { type Create2Deployment, create2Deployment } from "./deploy.ts";
import { npmArtifact } from "./npm-artifacts.ts";
import { type EarnChain, type EarnToken, earnTokens, referenceUsd } from "./tokens.ts";

/**
 * Uniswap v3 from its authors' npm builds (`@uniswap/v3-core` factory and pool, `@uniswap/v3-periphery`
 * SwapRouter, QuoterV2 and NonfungiblePositionManager), deployed through the CREATE2 factory. The factory's
 * owner is therefore the CREATE2 factory: the fee tiers are the ones v3-core enables at construction
 * (0.05 %, 0.3 %, 1 %). The position manager has no token descriptor (tokenURI reverts; nothing else needs it).
 */
export function uniswapDeployments(chain: EarnChain) {
  const weth = earnTokens(chain).WETH.address;
  const factory = create2Deployment("earn.uniswap-v3:factory", npmArtifact("UniswapV3Factory"));
  const periphery = (label: string, name: "SwapRouter" | "QuoterV2" | "NonfungiblePositionManager") =>
    create2Deployment(
      `earn.uniswap-v3:${label}`,
      npmArtifact(name),
      name === "NonfungiblePositionManager" ? [factory.address, weth, zeroAddress] : [factory.address, weth],
    );
  return {
    UniswapV3Factory: factory,
    UniswapV3SwapRouter: periphery("swap-router", "SwapRouter"),
    UniswapV3QuoterV2: periphery("quoter-v2", "QuoterV2"),
    UniswapV3PositionManager: periphery("position-manager", "NonfungiblePositionManager"),
  } satisfies Record<string, Create2Deployment>;
}

/**
 * Seeded pools: full-range liquidity from `earn_operator` at the tokens' reference prices, `usdA` dollars of
 * `a` against as much of `b` — deep enough for ordinary trades and shallow enough that a large one moves the
 * price. "WETH" is the chain's wrapped native token (WBNB on bsc).
 */
export const SEEDED_POOLS = [
  { a: "WETH", b: "USDC", fee: 500, usdA: 900_000 },
  { a: "WETH", b: "USDC", fee: 3000, usdA: 300_000 },
  { a: "USDT", b: "USDC", fee: 500, usdA: 1_000_000 },
  { a: "wstETH", b: "WETH", fee: 500, usdA: 720_000 },
] as const;
export type SeededPool = (typeof SEEDED_POOLS)[number];

const TICK_SPACING: Record<number, number> = { 500: 10, 3000: 60, 10000: 200 };
const MAX_TICK = 887272;

export function fullRange(fee: number): { tickLower: number; tickUpper: number } {
  const spacing = TICK_SPACING[fee]!;
  const max = Math.floor(MAX_TICK / spacing) * spacing;
  return { tickLower: -max, tickUpper: max };
}

/** The pool's tokens in Uniswap's order (token0 has the lower address) with the raw amounts to add. */
export function poolPlan(chain: EarnChain, pool: SeededPool) {
  const tokens = earnTokens(chain);
  const a = tokens[pool.a];
  const b = tokens[pool.b];
  const amountA = worth(a, pool.usdA, referenceUsd(chain, pool.a));
  const amountB = worth(b, pool.usdA, referenceUsd(chain, pool.b));
  const aFirst = BigInt(a.address) < BigInt(b.address);
  const [token0, amount0, token1, amount1] = aFirst ? [a, amountA, b, amountB] : [b, amountB, a, amountA];
  return {
    token0,
    token1,
    amount0,
    amount1,
    fee: pool.fee,
    sqrtPriceX96: sqrtBig((amount1 << 192n) / amount0),
    address: poolAddress(chain, token0.address, token1.address, pool.fee),
  };
}

/** Where the factory puts a pool: CREATE2 with the pool's init code hash, as PoolAddress.computeAddress. */
export function poolAddress(chain: EarnChain, token0: Address, token1: Address, fee: number): Address {
  const salt = keccak256(
    encodeAbiParameters(
      [{ type: "address" }, { type: "address" }, { type: "uint24" }],
      [token0, token1, fee],
    ),
  );
  return getContractAddress({
    opcode: "CREATE2",
    from: uniswapDeployments(chain).UniswapV3Factory.address,
    salt,
    bytecodeHash: UNISWAP_V3_POOL_INIT_CODE_HASH,
  });
}

/** `usd` dollars of a token priced at `price` dollars (whole numbers), in its raw units. */
function worth(token: EarnToken, usd: number, price: number): bigint {
  return (BigInt(usd) * 10n ** BigInt(token.decimals)) / BigInt(price);
}

/** floor(√value): Newton's method from a power of two above the root, which decreases to it. */
function sqrtBig(value: bigint): bigint {
  if (value < 2n) return value;
  let x = 1n << BigInt(Math.ceil(value.toString(2).length / 2));
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}
