import { formatUnits } from "viem";
import type { Context } from "../../../kernel/context.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type FeeTier,
  quote,
  type Side,
  type SwapRequest,
  swapTransaction,
} from "../../../protocols/uniswap-v3/index.ts";
import { queriedPool, uniswapOn } from "./pools.ts";

/**
 * A quote request: the pool and tokens by name, the fixed amount (`amount_in` of a sale, `amount_out` of a
 * purchase) in its token's units, QuoterV2's answer for the other side in human units and the price after.
 */
export async function quoteRequest(
  side: Side,
  query: {
    chain: ChainName;
    token_in: string;
    token_out: string;
    fee: FeeTier;
    amount_in?: string;
    amount_out?: string;
  },
  ctx: Context,
) {
  const { uni, pool } = await queriedPool(ctx, query);
  const [field, fixed, other] =
    side === "sell" ? (["amount_in", pool.a, pool.b] as const) : (["amount_out", pool.b, pool.a] as const);
  const loc = ["query", field];
  const amount = toRawAmount(query[field]!, fixed.decimals, loc, fixed.symbol);
  const q = await quote(uni, pool, side, amount, loc);
  return { amount: formatUnits(q.other, other.decimals), price_after: q.priceAfter };
}

/**
 * A swap in one pool through SwapRouter for the sender, bounded by the quote and the slippage: selling exactly
 * `amount_in` for at least the quote less the slippage, or buying exactly `amount_out` for at most the quote plus
 * it. Answers the transaction and the quote of the side not fixed (what the sale gives, or the purchase takes).
 */
export async function swap(
  side: Side,
  body: SwapRequest & { chain: ChainName; fee: FeeTier; max_slippage_percent: number },
  ctx: Context,
) {
  const uni = uniswapOn(ctx, body.chain, "body");
  const slip = BigInt(Math.round(body.max_slippage_percent * 10_000)); // 1e-4 %
  const { transaction, quoted, other } = await swapTransaction(
    ctx.config,
    uni,
    { tier: body.fee },
    side,
    body,
    (quoted) =>
      side === "sell"
        ? (quoted * (1_000_000n - slip)) / 1_000_000n
        : (quoted * (1_000_000n + slip) + 999_999n) / 1_000_000n,
  );
  return { transaction, quote: formatUnits(quoted, other.decimals) };
}
