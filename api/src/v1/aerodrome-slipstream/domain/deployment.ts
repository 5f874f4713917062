import type { Context } from "../../../kernel/context.ts";
import { AERODROME_SLIPSTREAM, type UniswapV3, uniswapV3 } from "../../../protocols/uniswap-v3/index.ts";

/** Slipstream on base; a deployment without it is a 422 on the request's `chain`. */
export const slipstreamOn = (ctx: Context, at: "query" | "body"): UniswapV3 =>
  uniswapV3(AERODROME_SLIPSTREAM, ctx.config, ctx.services.chains, "base", [at, "chain"]);
