import { formatUnits } from "viem";
import type { Context } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { type Side, type SwapRequest, swapTransaction } from "../../../protocols/uniswap-v3/index.ts";
import { slipstreamOn } from "./deployment.ts";

/** The bound of a sale without `amount_out_minimum`: the quote less this (basis points). */
const DEFAULT_SLIPPAGE_BPS = 50n;

/**
 * A swap in one pool through Slipstream's SwapRouter for the sender: selling exactly `amount_in` for at least
 * `amount_out_minimum` (default: the quote less 0.5 %), or buying exactly `amount_out` for at most
 * `amount_in_maximum`. A bound the pool's quote already misses is a 422 on it (the swap would revert).
 */
export async function swap(
  ctx: Context,
  side: Side,
  body: SwapRequest & { tick_spacing: number; amount_out_minimum?: string; amount_in_maximum?: string },
) {
  const uni = slipstreamOn(ctx, "body");
  const { transaction } = await swapTransaction(
    ctx.config,
    uni,
    { tickSpacing: body.tick_spacing },
    side,
    body,
    (quoted, other) => {
      if (side === "sell") {
        const bound =
          body.amount_out_minimum === undefined
            ? (quoted * (10_000n - DEFAULT_SLIPPAGE_BPS)) / 10_000n
            : toRawAmount(
                body.amount_out_minimum,
                other.decimals,
                ["body", "amount_out_minimum"],
                other.symbol,
              );
        if (bound > quoted)
          throw fieldError(
            ["body", "amount_out_minimum"],
            `the pool gives ${formatUnits(quoted, other.decimals)} ${other.symbol} now, less than this minimum`,
          );
        return bound;
      }
      const bound = toRawAmount(
        body.amount_in_maximum!,
        other.decimals,
        ["body", "amount_in_maximum"],
        other.symbol,
      );
      if (bound < quoted)
        throw fieldError(
          ["body", "amount_in_maximum"],
          `the pool takes ${formatUnits(quoted, other.decimals)} ${other.symbol} now, more than this maximum`,
        );
      return bound;
    },
  );
  return { transaction };
}
