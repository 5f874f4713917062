import type { Context } from "../../../kernel/context.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type FeeTier,
  readPool,
  UNISWAP_V3,
  type UniswapV3,
  uniswapV3,
} from "../../../protocols/uniswap-v3/index.ts";

/** The chain's Uniswap v3 deployment; a 422 on the request's `chain` where it is not served or not deployed. */
export const uniswapOn = (ctx: Context, chain: ChainName, at: "query" | "body"): UniswapV3 =>
  uniswapV3(UNISWAP_V3, ctx.config, ctx.services.chains, chain, [at, "chain"]);

/** The pool a read names in its query (`token_in`, `token_out` at the `fee` tier on `chain`), and its deployment. */
export async function queriedPool(
  ctx: Context,
  query: { chain: ChainName; token_in: string; token_out: string; fee: FeeTier },
) {
  const uni = uniswapOn(ctx, query.chain, "query");
  const pool = await readPool(
    ctx.config,
    uni,
    query.token_in,
    query.token_out,
    { tier: query.fee },
    {
      a: ["query", "token_in"],
      b: ["query", "token_out"],
    },
  );
  return { uni, pool };
}
