import { type Address, getAddress, zeroAddress } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { type Erc20, resolveErc20 } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import type { Config } from "../../kernel/config/env.ts";
import { DomainError, fieldError, type Loc } from "../../kernel/errors.ts";
import { formatDecimal } from "../../kernel/lib/format.ts";
import type { UniswapV3 } from "./deployment.ts";

/** The fee tiers v3-core enables, by the wire's percent: fee in hundredths of a basis point, and tick spacing. */
export const FEE_TIERS = {
  "0.01": { fee: 100, spacing: 1 },
  "0.05": { fee: 500, spacing: 10 },
  "0.3": { fee: 3000, spacing: 60 },
  "1.0": { fee: 10000, spacing: 200 },
} as const;
export type FeeTier = keyof typeof FEE_TIERS;

/** What picks a pool beside its two tokens: a fee tier (Uniswap v3) or a tick spacing (Slipstream). */
export type PoolKey = { tier: FeeTier } | { tickSpacing: number };

export interface Pool {
  address: Address;
  /** the swap fee, hundredths of a basis point */
  fee: number;
  spacing: number;
  token0: Erc20;
  token1: Erc20;
  /** the two tokens in the request's order */
  a: Erc20;
  b: Erc20;
}

/**
 * The pool of two tokens at a key, as the factory has it (`getPool`); a pair the factory has no pool for is a 404
 * naming it. The two tokens are put in the pool's order (token0 below token1). A Slipstream pool's fee is its own:
 * read from it.
 */
export async function readPool(
  config: Config,
  uni: UniswapV3,
  a: string,
  b: string,
  key: PoolKey,
  loc: { a: Loc; b: Loc },
): Promise<Pool> {
  const [ta, tb] = await Promise.all([
    resolveErc20(config, uni.client, uni.chain, a, loc.a),
    resolveErc20(config, uni.client, uni.chain, b, loc.b),
  ]);
  if (ta.address === tb.address) throw fieldError(loc.b, "must differ from the other token");
  const tier = "tier" in key ? FEE_TIERS[key.tier] : null;
  const spacing = tier ? tier.spacing : (key as { tickSpacing: number }).tickSpacing;
  const address = (await uni.client
    .readContract({
      blockTag: NEXT_BLOCK,
      address: uni.factory,
      abi: uni.variant.abis.factory,
      functionName: "getPool",
      args: [ta.address, tb.address, tier ? tier.fee : spacing],
    })
    .catch((e) => rethrowRpc(uni.chain, e))) as Address;
  if (address === zeroAddress)
    throw new DomainError(
      404,
      "Pool not found",
      `${uni.variant.name} has no ${ta.symbol}/${tb.symbol} pool at ${"tier" in key ? `the ${key.tier} % fee tier` : `tick spacing ${spacing}`} on ${uni.chain}`,
    );
  const fee = tier
    ? tier.fee
    : Number(
        await uni.client
          .readContract({ blockTag: NEXT_BLOCK, address, abi: uni.variant.abis.pool, functionName: "fee" })
          .catch((e) => rethrowRpc(uni.chain, e)),
      );
  const [token0, token1] = BigInt(ta.address) < BigInt(tb.address) ? [ta, tb] : [tb, ta];
  return { address: getAddress(address), fee, spacing, token0, token1, a: ta, b: tb };
}

/** The pool's current sqrt price and tick. */
export async function slot0(uni: UniswapV3, pool: Address): Promise<{ sqrtPriceX96: bigint; tick: number }> {
  const [sqrtPriceX96, tick] = (await uni.client
    .readContract({ blockTag: NEXT_BLOCK, address: pool, abi: uni.variant.abis.pool, functionName: "slot0" })
    .catch((e) => rethrowRpc(uni.chain, e))) as readonly [bigint, number];
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

/** The pool's price now, `pool.a` per one `pool.b` (from its sqrt price), and its tick. */
export async function readPrice(uni: UniswapV3, pool: Pool): Promise<{ price: string; tick: number }> {
  const { sqrtPriceX96, tick } = await slot0(uni, pool.address);
  return { price: priceInPerOut(sqrtPriceX96, pool, pool.a), tick };
}

/** The pool's key as the variant's quoter, router and position manager take it in their arguments. */
export const keyArgs = (uni: UniswapV3, pool: Pool) =>
  uni.variant.key === "fee" ? { fee: pool.fee } : { tickSpacing: pool.spacing };
