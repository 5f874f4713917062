import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import type { UniswapV3 } from "./deployment.ts";
import { keyArgs, type Pool, priceInPerOut } from "./pools.ts";

/** A sale of exactly the amount in (`sell`), or a purchase of exactly the amount out (`buy`). */
export type Side = "sell" | "buy";

/**
 * QuoterV2's answer for one swap of `pool.a` for `pool.b`, by eth_call (the quoter runs the swap and reverts with
 * its result): exact input (`sell`) gives the output, exact output (`buy`) the input; and the pool's price once it
 * is done (`pool.a` per one `pool.b`). A swap the pool cannot fill (not enough liquidity in range) is a 422 on
 * `loc`.
 */
export async function quote(uni: UniswapV3, pool: Pool, side: Side, amount: bigint, loc: Loc) {
  const [tokenIn, tokenOut] = [pool.a, pool.b];
  const params = {
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    ...keyArgs(uni, pool),
    sqrtPriceLimitX96: 0n,
    ...(side === "sell" ? { amountIn: amount } : { amount }),
  };
  try {
    const { result } = await uni.client.simulateContract({
      address: uni.quoter,
      abi: uni.variant.abis.quoter,
      functionName: side === "sell" ? "quoteExactInputSingle" : "quoteExactOutputSingle",
      args: [params],
      blockTag: NEXT_BLOCK,
    } as never);
    const [other, sqrtPriceX96After] = result as unknown as [bigint, bigint];
    return { other, priceAfter: priceInPerOut(sqrtPriceX96After, pool, tokenIn) };
  } catch (error) {
    const text = String((error as Error)?.message);
    if (/revert/i.test(text) && !/HttpRequestError|TimeoutError/.test(text))
      throw fieldError(
        loc,
        `the ${tokenIn.symbol}/${tokenOut.symbol}${uni.variant.key === "fee" ? ` ${pool.fee / 10_000} %` : ""} pool cannot fill this swap (not enough liquidity in range)`,
      );
    return rethrowRpc(uni.chain, error);
  }
}
