import { type Address, encodeFunctionData, erc20Abi, formatUnits, type PublicClient } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import { type Erc20, resolveErc20 } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { RevertError } from "../../kernel/chain/revert.ts";
import type { Config } from "../../kernel/config/env.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import { toRawAmount } from "../../kernel/lib/amounts.ts";
import { parseUnitsExact } from "../../kernel/lib/decimal.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { AggregatorRefusal, type SwapAggregator } from "./port.ts";

/** Slippage when the request names none (percent), and the most the aggregator accepts. */
export const DEFAULT_SLIPPAGE = "0.5";
const MAX_SLIPPAGE = 50;

export interface SwapContext {
  config: Config;
  client: PublicClient;
  chain: ChainName;
  aggregator: SwapAggregator;
}

export interface SwapRequest {
  token_in: string;
  token_out: string;
  amount_in: string;
  slippage?: string | null;
  /** where the request's fields are: ["body"], ["query"] or a bundle action's ["body", "actions", i, "body"] */
  loc: Loc;
  /** token_in may equal token_out (a quote of a PT's proceeds already in token_out): quoted 1:1 */
  sameTokenAtPar?: boolean;
}

async function tokens(ctx: SwapContext, req: SwapRequest) {
  const [tokenIn, tokenOut] = await Promise.all([
    resolveErc20(ctx.config, ctx.client, ctx.chain, req.token_in, [...req.loc, "token_in"]),
    resolveErc20(ctx.config, ctx.client, ctx.chain, req.token_out, [...req.loc, "token_out"]),
  ]);
  if (tokenIn.address === tokenOut.address && !req.sameTokenAtPar)
    throw fieldError([...req.loc, "token_out"], "token_out must differ from token_in");
  const amountIn = toRawAmount(req.amount_in, tokenIn.decimals, [...req.loc, "amount_in"], tokenIn.symbol);
  return { tokenIn, tokenOut, amountIn };
}

/** The request's slippage as sent on, and in millionths (percent with 4 decimals). */
function slippageOf(req: SwapRequest): { text: string; millionths: bigint } {
  const text = req.slippage ?? DEFAULT_SLIPPAGE;
  const raw = parseUnitsExact(text, 4);
  if (raw === null) throw fieldError([...req.loc, "slippage"], "at most 4 decimal places");
  if (raw > BigInt(MAX_SLIPPAGE) * 10_000n)
    throw fieldError([...req.loc, "slippage"], `slippage is at most ${MAX_SLIPPAGE} percent`);
  return { text, millionths: raw };
}

const refused = (req: SwapRequest, error: unknown): never => {
  if (error instanceof AggregatorRefusal)
    throw fieldError([...req.loc, "token_in"], `The swap aggregator refused the request: ${error.message}`);
  throw error;
};

/** What `amount_in` of token_in buys of token_out now, through the aggregator; `"0"` when it has no route. */
export async function quoteSwap(
  ctx: SwapContext,
  req: SwapRequest,
): Promise<{ amount_out: string; token_in: Address; token_out: Address }> {
  const { tokenIn, tokenOut, amountIn } = await tokens(ctx, req);
  slippageOf(req);
  if (tokenIn.address === tokenOut.address)
    return {
      amount_out: formatUnits(amountIn, tokenOut.decimals),
      token_in: tokenIn.address,
      token_out: tokenOut.address,
    };
  const quote = await ctx.aggregator
    .quote(ctx.client.chain!.id, { src: tokenIn.address, dst: tokenOut.address, amount: amountIn })
    .catch((e) => refused(req, e));
  return {
    amount_out: quote ? formatUnits(quote.dstAmount, tokenOut.decimals) : "0",
    token_in: tokenIn.address,
    token_out: tokenOut.address,
  };
}

export interface SwapCalls {
  calls: Call[];
  tokenIn: Erc20;
  tokenOut: Erc20;
  /** the aggregator's quote for the route it returned (base units of token_out) */
  estimatedOut: bigint;
  /** the least the router lets the swap return: the quote less the slippage (2 units under, for rounding) */
  minOut: bigint;
}

/**
 * The account's calls for a swap whose proceeds stay in the account: approve the router the aggregator
 * names for exactly `amount_in` (an exact-input swap spends it all, leaving no allowance behind), then the
 * aggregator's transaction. No route is a 422 naming `token_out`.
 */
export async function swapCalls(
  ctx: SwapContext & {
    account: Address;
    /** check the account already holds `amount_in` first, naming it in the error (e.g. "the Earn Account") */
    checkBalance: false | { holder: string };
  },
  req: SwapRequest,
): Promise<SwapCalls> {
  const { tokenIn, tokenOut, amountIn } = await tokens(ctx, req);
  const slippage = slippageOf(req);
  if (ctx.checkBalance) {
    const held = await ctx.client
      .readContract({
        blockTag: NEXT_BLOCK,
        address: tokenIn.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [ctx.account],
      })
      .catch((e) => rethrowRpc(ctx.chain, e));
    if (held < amountIn)
      throw fieldError(
        [...req.loc, "amount_in"],
        `${ctx.checkBalance.holder} holds ${formatUnits(held, tokenIn.decimals)} ${tokenIn.symbol}; transfer more in first`,
      );
  }
  const swap = await ctx.aggregator
    .swap(ctx.client.chain!.id, {
      src: tokenIn.address,
      dst: tokenOut.address,
      amount: amountIn,
      from: ctx.account,
      receiver: ctx.account,
      slippage: slippage.text,
    })
    .catch((e) => refused(req, e));
  if (!swap)
    throw fieldError(
      [...req.loc, "token_out"],
      `No route swaps ${req.amount_in} ${tokenIn.symbol} into ${tokenOut.symbol} on ${ctx.chain}`,
    );
  return {
    tokenIn,
    tokenOut,
    estimatedOut: swap.dstAmount,
    minOut: (swap.dstAmount * (1_000_000n - slippage.millionths)) / 1_000_000n - 2n,
    calls: [
      {
        to: tokenIn.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [swap.tx.to, amountIn] }),
      },
      { to: swap.tx.to, data: swap.tx.data, value: swap.tx.value },
    ],
  };
}

/**
 * A simulation that fails on the router's minimum-output check becomes a 422 on `slippage` carrying the
 * quote the swap would have got; anything else is rethrown as it is.
 */
export function explainSlippage(error: unknown, loc: Loc, quote: { out: bigint; token: Erc20 }): never {
  if (error instanceof RevertError && /too little received/i.test(error.reason))
    throw fieldError(
      [...loc, "slippage"],
      `The swap would return less than the slippage bound allows; quoted ${formatUnits(quote.out, quote.token.decimals)} ${quote.token.symbol}. Raise slippage or try again.`,
    );
  throw error;
}
