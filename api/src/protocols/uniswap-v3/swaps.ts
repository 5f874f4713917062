import { type Address, encodeFunctionData, getAddress } from "viem";
import { assertPullable, type Erc20 } from "../../kernel/chain/erc20.ts";
import {
  deadlineAfterNextBlock,
  prefetchTxFields,
  senderTransaction,
} from "../../kernel/chain/transaction.ts";
import type { Config } from "../../kernel/config/env.ts";
import type { Loc } from "../../kernel/errors.ts";
import { toRawAmount } from "../../kernel/lib/amounts.ts";
import type { UniswapV3 } from "./deployment.ts";
import { keyArgs, type PoolKey, readPool } from "./pools.ts";
import { quote, type Side } from "./quotes.ts";

/** A swap request, by the fields v0's and v1's swaps share (their 422s name them). */
export interface SwapRequest {
  sender: string;
  estimate_gas: boolean;
  token_in: string;
  token_out: string;
  /** the amount a sale sells exactly, or a purchase buys exactly, in human units */
  amount_in?: string;
  amount_out?: string;
}

/**
 * A swap in one pool through the variant's SwapRouter for the sender: selling exactly `amount_in` of `token_in`
 * (`exactInputSingle`) or buying exactly `amount_out` of `token_out` (`exactOutputSingle`), the other side bounded
 * by `bound` of the quote (the caller's rule: the least a sale gives, the most a purchase takes). The sender's
 * balance and its allowance to the router are checked first (against the most the swap may take). Answers the
 * transaction, the quote of the side not fixed and that side's token.
 */
export async function swapTransaction(
  config: Config,
  uni: UniswapV3,
  key: PoolKey,
  side: Side,
  body: SwapRequest,
  bound: (quoted: bigint, other: Erc20) => bigint,
) {
  const pool = await readPool(config, uni, body.token_in, body.token_out, key, {
    a: ["body", "token_in"],
    b: ["body", "token_out"],
  });
  const [tokenIn, tokenOut] = [pool.a, pool.b];
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(uni.client, uni.chain, sender);
  const amountLoc: Loc = ["body", side === "sell" ? "amount_in" : "amount_out"];
  const exact =
    side === "sell"
      ? toRawAmount(body.amount_in!, tokenIn.decimals, amountLoc, tokenIn.symbol)
      : toRawAmount(body.amount_out!, tokenOut.decimals, amountLoc, tokenOut.symbol);
  const q = await quote(uni, pool, side, exact, amountLoc);
  const other = side === "sell" ? tokenOut : tokenIn;
  const limit = bound(q.other, other);
  await assertPullable(uni.client, uni.chain, {
    token: tokenIn,
    owner: sender,
    spender: uni.router,
    spenderName: uni.variant.spenders.router,
    amount: side === "sell" ? exact : limit,
    loc: amountLoc,
  });
  const common = {
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    ...keyArgs(uni, pool),
    recipient: sender,
    deadline: await deadlineAfterNextBlock(uni.client, uni.chain),
    sqrtPriceLimitX96: 0n,
  };
  const data =
    side === "sell"
      ? encodeFunctionData({
          abi: uni.variant.abis.router,
          functionName: "exactInputSingle",
          args: [{ ...common, amountIn: exact, amountOutMinimum: limit }],
        })
      : encodeFunctionData({
          abi: uni.variant.abis.router,
          functionName: "exactOutputSingle",
          args: [{ ...common, amountOut: exact, amountInMaximum: limit }],
        });
  const transaction = await senderTransaction(
    uni.client,
    uni.chain,
    { from: sender, to: uni.router, data },
    fields,
    { estimateGas: body.estimate_gas, refusal: `${uni.variant.labels.router} refuses the swap` },
  );
  return { transaction, quoted: q.other, other };
}
