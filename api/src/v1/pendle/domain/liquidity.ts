import { erc20Abi, formatUnits } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import {
  addLiquidityData,
  claimableInterest,
  exitLiquidityData,
  lessSlippage,
  quoteLiquidityAdd,
  quoteLiquidityExit,
  redeemInterestData,
} from "../../../protocols/pendle/index.ts";
import {
  AMOUNT,
  LP_DECIMALS,
  lpOf,
  MARKET,
  marketToken,
  pullable,
  quoteOrRefuse,
  refuseExpired,
  routerTransaction,
  slippage,
  type TradeBody,
  type WriteBody,
  writeContext,
} from "./write.ts";

/**
 * Adding liquidity from one token (ActionSimple's `addLiquiditySingleTokenSimple`; before expiry) or taking LP
 * out into one token (`exitPreExpToToken`: the PT share swapped in the pool; after expiry `exitPostExpToToken`:
 * the PT share redeemed at par).
 */
export async function manageLiquidity(ctx: Context, body: TradeBody) {
  const w = await writeContext(ctx, body);
  const slip = slippage(body.max_slippage_percent);
  if (body.action === "SUPPLY") {
    refuseExpired(w, "liquidity can no longer be added; WITHDRAW takes it out at par");
    const token = await marketToken(ctx, w, body.token, "in");
    const amount = toRawAmount(body.amount_in, token.decimals, AMOUNT, token.symbol);
    await pullable(w, token, amount);
    // the quote is the router's own answer for this sender now (quoteLiquidityAdd)
    const netLpOut = await quoteOrRefuse(
      w.chain,
      quoteLiquidityAdd(w.client, w.pendle, w.market, w.sender, token.address, amount),
      "take this much liquidity",
    );
    const data = addLiquidityData(w.sender, w.market, lessSlippage(netLpOut, slip), token.address, amount);
    const transaction = await routerTransaction(w, data, body.estimate_gas);
    return { transaction, amount_out_quote: formatUnits(netLpOut, LP_DECIMALS) };
  }
  const token = await marketToken(ctx, w, body.token, "out");
  const amount = toRawAmount(body.amount_in, LP_DECIMALS, AMOUNT, "LP");
  const quoted = await quoteOrRefuse(
    w.chain,
    quoteLiquidityExit(w.client, w.pendle, w.market, w.expired, amount, token.address),
    "take out this much liquidity",
  );
  await pullable(w, lpOf(w.market), amount);
  const data = exitLiquidityData(
    w.sender,
    w.market,
    w.expired,
    amount,
    token.address,
    lessSlippage(quoted, slip),
  );
  const transaction = await routerTransaction(w, data, body.estimate_gas);
  return { transaction, amount_out_quote: formatUnits(quoted, token.decimals) };
}

/**
 * Claiming the yield the sender's YT has earned (the router's `redeemDueInterestAndRewards` over the market's
 * YT; paid in SY to the sender). Nothing to claim is a 422.
 */
export async function redeemYield(ctx: Context, body: WriteBody) {
  const w = await writeContext(ctx, body);
  const [claimable, held] = await Promise.all([
    claimableInterest(w.client, w.market.yt, w.sender),
    w.client.readContract({
      address: w.market.yt,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [w.sender],
      blockTag: NEXT_BLOCK,
    }),
  ]).catch((e) => rethrowRpc(w.chain, e));
  if (claimable === 0n && held === 0n)
    throw fieldError(MARKET, `The sender holds no YT of this market and has no yield to claim in it`);
  const data = redeemInterestData(w.sender, w.market);
  const transaction = await routerTransaction(w, data, body.estimate_gas);
  return { transaction };
}
