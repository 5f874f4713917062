import type { Address, Hex } from "viem";
import type { AggregatorClient } from "../../earn/index.ts";
import { fieldError } from "../../errors.ts";
import { formatDecimal } from "../../lib/format.ts";

/**
 * Swaps of one token into another made one after another in the same transaction (a loop's or an unwind's
 * legs), each moving the pools for the next, while the aggregator quotes every swap on today's pools. A leg's
 * expected output is what the swaps so far and this one fetch together, less what the earlier ones fetch
 * (the quote of the running total); its floor is that less the slippage; and the swap is asked with the
 * slippage that lets the router accept down to that floor (it checks against its own quote of the swap alone).
 */
export function pathSwaps(opts: {
  aggregator: AggregatorClient;
  chainId: number;
  src: Address;
  dst: Address;
  account: Address;
  /** the request's slippage in 1e-4 percent */
  slippage4: bigint;
  noRoute: () => Error;
}) {
  const keep = 1_000_000n - opts.slippage4;
  let [swappedIn, swappedOut] = [0n, 0n];
  const quoteOut = async (amount: bigint) => {
    const q = await opts.aggregator.quote(opts.chainId, { src: opts.src, dst: opts.dst, amount });
    if (!q) throw opts.noRoute();
    return q.dstAmount;
  };
  return {
    /** the leg that swaps `amount` next: its floor, expected (marginal) output and the router's transaction */
    async price(amount: bigint) {
      const [cumulative, alone] = await Promise.all([quoteOut(swappedIn + amount), quoteOut(amount)]);
      const marginal = cumulative - swappedOut;
      // less a unit per route leg for the router's own rounding
      const floor = (marginal * keep) / 1_000_000n - 2n;
      if (floor <= 0n || alone === 0n) throw opts.noRoute();
      const slip4 = ((alone - floor) * 1_000_000n + alone - 1n) / alone;
      if (slip4 > 50n * 10_000n)
        throw fieldError(
          ["body", "max_slippage_percent"],
          "the later swaps would move the price more than 50 %",
        );
      const swap = await opts.aggregator.swap(opts.chainId, {
        src: opts.src,
        dst: opts.dst,
        amount,
        from: opts.account,
        receiver: opts.account,
        slippage: formatDecimal(slip4 > opts.slippage4 ? slip4 : opts.slippage4, 4),
      });
      if (!swap) throw opts.noRoute();
      return {
        amount,
        floor,
        marginal,
        cumulative,
        swap: swap as { tx: { to: Address; data: Hex; value: bigint } },
      };
    },
    /** the leg is part of the transaction: the next one is priced after it */
    commit(leg: { amount: bigint; cumulative: bigint }) {
      [swappedIn, swappedOut] = [swappedIn + leg.amount, leg.cumulative];
    },
  };
}
