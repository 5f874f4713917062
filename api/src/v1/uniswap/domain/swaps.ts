import { uniswapV3QuoterV2Abi, uniswapV3SwapRouterAbi } from "@compass/constants";
import { type Address, encodeFunctionData, formatUnits, getAddress } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { assertPullable, type Erc20 } from "../../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import {
  deadlineAfterNextBlock,
  prefetchTxFields,
  senderTransaction,
} from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { toRawAmount, toRawAmountOrZero } from "../../../kernel/lib/amounts.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type FeeTier, type Pool, priceInPerOut, readPool, type UniswapV3, uniswapV3 } from "./pools.ts";

export type Side = "sell" | "buy";

/**
 * QuoterV2's answer for one swap in one pool, by eth_call (the quoter runs the swap and reverts with its result):
 * exact input (`sell`) gives the output, exact output (`buy`) the input; and the pool's price once it is done. A
 * swap the pool cannot fill (not enough liquidity in range) is a 422 on the amount.
 */
export async function quote(
  uni: UniswapV3,
  pool: Pool,
  side: Side,
  tokenIn: Erc20,
  tokenOut: Erc20,
  amount: bigint,
  loc: Loc,
) {
  const params = {
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    fee: pool.fee,
    sqrtPriceLimitX96: 0n,
    ...(side === "sell" ? { amountIn: amount } : { amount }),
  };
  try {
    const { result } = await uni.client.simulateContract({
      address: uni.quoter,
      abi: uniswapV3QuoterV2Abi,
      functionName: side === "sell" ? "quoteExactInputSingle" : "quoteExactOutputSingle",
      args: [params as never],
      blockTag: NEXT_BLOCK,
    } as never);
    const [other, sqrtPriceX96After] = result as unknown as [bigint, bigint];
    return { other, priceAfter: priceInPerOut(sqrtPriceX96After, pool, tokenIn) };
  } catch (error) {
    const text = String((error as Error)?.message);
    if (/revert/i.test(text) && !/HttpRequestError|TimeoutError/.test(text))
      throw fieldError(
        loc,
        `the ${tokenIn.symbol}/${tokenOut.symbol} ${pool.fee / 10_000} % pool cannot fill this swap (not enough liquidity in range)`,
      );
    return rethrowRpc(uni.chain, error);
  }
}

/** A quote's pool and tokens, from the request's names. */
export async function swapPair(
  ctx: Context,
  chain: ChainName,
  tokenIn: string,
  tokenOut: string,
  fee: FeeTier,
  at: "query" | "body",
) {
  const uni = uniswapV3(ctx.config, chain, ctx.services.chains.get(chain, [at, "chain"]), [at, "chain"]);
  const pool = await readPool(ctx.config, uni, tokenIn, tokenOut, fee, {
    a: [at, "token_in"],
    b: [at, "token_out"],
  });
  return { uni, pool, tokenIn: pool.a, tokenOut: pool.b };
}

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
  const { uni, pool, tokenIn, tokenOut } = await swapPair(
    ctx,
    query.chain,
    query.token_in,
    query.token_out,
    query.fee,
    "query",
  );
  const [field, fixed, other] =
    side === "sell"
      ? (["amount_in", tokenIn, tokenOut] as const)
      : (["amount_out", tokenOut, tokenIn] as const);
  const loc = ["query", field];
  const amount = toRawAmount(query[field]!, fixed.decimals, loc, fixed.symbol);
  const q = await quote(uni, pool, side, tokenIn, tokenOut, amount, loc);
  return { amount: formatUnits(q.other, other.decimals), price_after: q.priceAfter };
}

type SwapBody = {
  chain: "arbitrum" | "base" | "ethereum";
  sender: string;
  estimate_gas: boolean;
  token_in: string;
  token_out: string;
  fee: FeeTier;
  /** the bound as a slippage from the quote (v1)… */
  max_slippage_percent?: number;
  /** …or as an amount of the other token, in human units: the least a sale gives, the most a purchase takes (v0) */
  other_bound?: { amount: string; loc: (string | number)[] };
  amount_in?: string;
  amount_out?: string;
};

/**
 * A swap in one pool through SwapRouter for the sender, bounded by the quote and the slippage: selling exactly
 * `amount_in` for at least the quote less the slippage, or buying exactly `amount_out` for at most the quote plus
 * it. The sender's balance and its allowance to the router are checked first (against the most the swap may take).
 */
export async function swapTransaction(side: Side, body: SwapBody, ctx: Context) {
  const { chain } = body;
  const { uni, pool, tokenIn, tokenOut } = await swapPair(
    ctx,
    chain,
    body.token_in,
    body.token_out,
    body.fee,
    "body",
  );
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(uni.client, chain, sender);
  const amountLoc = ["body", side === "sell" ? "amount_in" : "amount_out"];
  const exact =
    side === "sell"
      ? toRawAmount(body.amount_in!, tokenIn.decimals, amountLoc, tokenIn.symbol)
      : toRawAmount(body.amount_out!, tokenOut.decimals, amountLoc, tokenOut.symbol);
  const q = await quote(uni, pool, side, tokenIn, tokenOut, exact, amountLoc);
  const other = side === "sell" ? tokenOut : tokenIn;
  const slip = BigInt(Math.round((body.max_slippage_percent ?? 0) * 10_000)); // 1e-4 %
  const bound = body.other_bound
    ? toRawAmountOrZero(body.other_bound.amount, other.decimals, body.other_bound.loc, other.symbol)
    : side === "sell"
      ? (q.other * (1_000_000n - slip)) / 1_000_000n
      : (q.other * (1_000_000n + slip) + 999_999n) / 1_000_000n;
  const maxIn = side === "sell" ? exact : bound;
  await assertPullable(uni.client, chain, {
    token: tokenIn,
    owner: sender,
    spender: uni.router,
    spenderName: "UniswapV3Router",
    amount: maxIn,
    loc: amountLoc,
  });
  const deadline = await deadlineAfterNextBlock(uni.client, chain);
  const common = {
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    fee: pool.fee,
    recipient: sender,
    deadline,
    sqrtPriceLimitX96: 0n,
  };
  const data =
    side === "sell"
      ? encodeFunctionData({
          abi: uniswapV3SwapRouterAbi,
          functionName: "exactInputSingle",
          args: [{ ...common, amountIn: exact, amountOutMinimum: bound }],
        })
      : encodeFunctionData({
          abi: uniswapV3SwapRouterAbi,
          functionName: "exactOutputSingle",
          args: [{ ...common, amountOut: exact, amountInMaximum: bound }],
        });
  const transaction = await senderTransaction(
    uni.client,
    chain,
    { from: sender, to: uni.router, data },
    fields,
    { estimateGas: body.estimate_gas, refusal: `SwapRouter refuses the swap` },
  );
  // the quote of the side not fixed: what the sale gives, or what the purchase takes
  return { transaction, quote: formatUnits(q.other, side === "sell" ? tokenOut.decimals : tokenIn.decimals) };
}
