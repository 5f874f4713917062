import { uniswapV3FactoryAbi, uniswapV3PoolAbi } from "@compass/constants";
import { type Address, getAddress, type PublicClient, zeroAddress } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { type Erc20, resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { addressBook, type Config } from "../../../kernel/config/env.ts";
import { DomainError, fieldError, type Loc } from "../../../kernel/errors.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";

/** The fee tiers v3-core enables, by the wire's percent: fee in hundredths of a basis point, and tick spacing. */
export const FEE_TIERS = {
  "0.01": { fee: 100, spacing: 1 },
  "0.05": { fee: 500, spacing: 10 },
  "0.3": { fee: 3000, spacing: 60 },
  "1.0": { fee: 10000, spacing: 200 },
} as const;
export type FeeTier = keyof typeof FEE_TIERS;

export interface UniswapV3 {
  chain: ChainName;
  client: PublicClient;
  factory: Address;
  router: Address;
  quoter: Address;
  positions: Address;
}

/** The chain's Uniswap v3 deployment (factory, SwapRouter, QuoterV2, NonfungiblePositionManager). */
export function uniswapV3(config: Config, chain: ChainName, client: PublicClient, loc: Loc): UniswapV3 {
  const c = addressBook(config)?.chains[chain]?.contracts;
  if (!c?.UniswapV3Factory || !c.UniswapV3SwapRouter || !c.UniswapV3QuoterV2 || !c.UniswapV3PositionManager)
    throw fieldError(loc, `Uniswap v3 is not deployed on ${chain} in this deployment`);
  return {
    chain,
    client,
    factory: getAddress(c.UniswapV3Factory),
    router: getAddress(c.UniswapV3SwapRouter),
    quoter: getAddress(c.UniswapV3QuoterV2),
    positions: getAddress(c.UniswapV3PositionManager),
  };
}

export interface Pool {
  address: Address;
  fee: number;
  spacing: number;
  token0: Erc20;
  token1: Erc20;
  /** the two tokens in the request's order */
  a: Erc20;
  b: Erc20;
}

/**
 * The pool of two tokens at a fee tier, as the factory has it (`getPool`); a pair the factory has no pool for
 * at that tier is a 404 naming it. The two tokens are put in the pool's order (token0 below token1).
 */
export async function readPool(
  config: Config,
  uni: UniswapV3,
  a: string,
  b: string,
  tier: FeeTier,
  loc: { a: Loc; b: Loc },
): Promise<Pool> {
  const [ta, tb] = await Promise.all([
    resolveErc20(config, uni.client, uni.chain, a, loc.a),
    resolveErc20(config, uni.client, uni.chain, b, loc.b),
  ]);
  if (ta.address === tb.address) throw fieldError(loc.b, "must differ from the other token");
  const { fee, spacing } = FEE_TIERS[tier];
  const address = await uni.client
    .readContract({
      blockTag: NEXT_BLOCK,
      address: uni.factory,
      abi: uniswapV3FactoryAbi,
      functionName: "getPool",
      args: [ta.address, tb.address, fee],
    })
    .catch((e) => rethrowRpc(uni.chain, e));
  if (address === zeroAddress)
    throw new DomainError(
      404,
      "Pool not found",
      `Uniswap v3 has no ${ta.symbol}/${tb.symbol} pool at the ${tier} % fee tier on ${uni.chain}`,
    );
  const [token0, token1] = BigInt(ta.address) < BigInt(tb.address) ? [ta, tb] : [tb, ta];
  return { address: getAddress(address), fee, spacing, token0, token1, a: ta, b: tb };
}

/** The pool's current sqrt price and tick. */
export async function slot0(uni: UniswapV3, pool: Address): Promise<{ sqrtPriceX96: bigint; tick: number }> {
  const [sqrtPriceX96, tick] = await uni.client
    .readContract({ blockTag: NEXT_BLOCK, address: pool, abi: uniswapV3PoolAbi, functionName: "slot0" })
    .catch((e) => rethrowRpc(uni.chain, e));
  return { sqrtPriceX96, tick: Number(tick) };
}

/**
 * A sqrt price as `inToken` per one `outToken` in human units (18 places, trailing zeros trimmed): the pool's
 * price is token1 per token0 in raw units, (sqrtPriceX96 / 2^96)^2.
 */
export function priceInPerOut(sqrtPriceX96: bigint, pool: Pool, inToken: Erc20): string {
  const num = sqrtPriceX96 * sqrtPriceX96;
  const den = 1n << 192n;
  const [d0, d1] = [10n ** BigInt(pool.token0.decimals), 10n ** BigInt(pool.token1.decimals)];
  const scaled =
    inToken.address === pool.token1.address
      ? (num * d0 * 10n ** 18n) / (den * d1) // token1 per token0
      : num === 0n
        ? 0n
        : (den * d1 * 10n ** 18n) / (num * d0); // token0 per token1
  return formatDecimal(scaled, 18);
}
