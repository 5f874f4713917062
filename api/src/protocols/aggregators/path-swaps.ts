import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  type PublicClient,
} from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { describeRevert, RevertError } from "../../kernel/chain/revert.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import { formatDecimal } from "../../kernel/lib/format.ts";
import type { SwapAggregator } from "./port.ts";

/**
 * Swaps of one token into another made one after another in the same transaction (a loop's or an unwind's
 * legs), each on pools the legs before it have moved, while the aggregator routes every swap on today's
 * pools — so a leg's output is not the aggregator's quote for it, and not even the quote of the running total
 * less the earlier legs' (a later leg may take another route than the earlier ones moved). It is measured:
 * the transaction so far and the leg run as the account in one eth_call (`simulate`), the account's
 * balance of the bought token read before and after the swap. The leg's floor is that output less the
 * slippage asked, and the swap is requested again with the slippage that lets the router accept down to that
 * floor (the router checks against the aggregator's quote of the swap alone).
 */
export function pathSwaps(opts: {
  client: PublicClient;
  aggregator: SwapAggregator;
  src: Address;
  dst: Address;
  account: Address;
  /** the request's slippage in 1e-4 percent */
  slippage4: bigint;
  /** where the request's slippage is, to name when the legs would need more than the aggregator allows */
  slippageLoc: Loc;
  noRoute: () => Error;
  /** runs calls in order as the account, each on the state the ones before it left (one eth_call) */
  simulate: (calls: Call[]) => Promise<{ success: boolean; returnData: Hex }[]>;
}) {
  const { client, account } = opts;
  const chainId = client.chain!.id;
  const keep = 1_000_000n - opts.slippage4;
  const swapFor = (amount: bigint, slippage: string) =>
    opts.aggregator.swap(chainId, {
      src: opts.src,
      dst: opts.dst,
      amount,
      from: account,
      receiver: account,
      slippage,
    });
  const balance = {
    to: opts.dst,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [account] }),
  };
  const readBalance = (data: Hex) => decodeFunctionResult({ abi: erc20Abi, functionName: "balanceOf", data });
  return {
    /**
     * The leg that swaps `amount` after `prefix` (every call of the transaction before this leg) and the leg's
     * own calls before the swap, given the router (`pre`: a borrow or a withdrawal, and the approval): the
     * swap's output there, its floor, and the calls of the leg up to and including the swap.
     */
    async price(amount: bigint, prefix: Call[], pre: (router: Address) => Call[]) {
      // a probe with the widest slippage: the route and calldata, whose output is then measured in place
      const probe = await swapFor(amount, "50");
      if (!probe) throw opts.noRoute();
      const swapCall = (s: typeof probe) => ({ to: s.tx.to, data: s.tx.data, value: s.tx.value });
      const legCalls = pre(probe.tx.to);
      const calls = [...prefix, ...legCalls, balance, swapCall(probe), balance];
      const results = await opts.simulate(calls);
      const failed = results.findIndex((r) => !r.success);
      if (failed >= 0)
        throw new RevertError(
          `${failed === calls.length - 2 ? "the swap" : `call ${failed + 1} of the transaction`} fails: ${describeRevert(results[failed]!.returnData)}`,
        );
      const out = readBalance(results.at(-1)!.returnData) - readBalance(results.at(-3)!.returnData);
      // less a unit per route leg for the router's own rounding
      const floor = (out * keep) / 1_000_000n - 2n;
      if (floor <= 0n || probe.dstAmount === 0n) throw opts.noRoute();
      // the router holds the swap to the aggregator's quote for it alone, less the slippage it is sent with
      const alone = probe.dstAmount;
      const slip4 = alone > floor ? ((alone - floor) * 1_000_000n + alone - 1n) / alone : 0n;
      if (slip4 > 50n * 10_000n)
        throw fieldError(opts.slippageLoc, "the later swaps would move the price more than 50 %");
      const swap = await swapFor(amount, formatDecimal(slip4 > opts.slippage4 ? slip4 : opts.slippage4, 4));
      if (!swap) throw opts.noRoute();
      return { amount, floor, expected: out, calls: [...legCalls, swapCall(swap)] };
    },
  };
}
