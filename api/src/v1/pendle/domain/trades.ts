import { formatUnits } from "viem";
import type { Context } from "../../../kernel/context.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import {
  buyPtCalls,
  buyYtData,
  lessSlippage,
  quotePtBuy,
  quotePtSale,
  quoteYtBuy,
  quoteYtSale,
  sellPtCalls,
  sellYtData,
} from "../../../protocols/pendle/index.ts";
import {
  AMOUNT,
  marketToken,
  ptOf,
  pullable,
  quoteOrRefuse,
  refuseExpired,
  routerTransaction,
  slippage,
  type TradeBody,
  writeContext,
  ytOf,
} from "./write.ts";

/**
 * Buying PT with `token` (`swapExactTokenForPt` with the static router's approximation) or selling it for
 * `token`: through the market before expiry, by redemption at par through the YT after it.
 */
export async function tradePt(ctx: Context, body: TradeBody) {
  const w = await writeContext(ctx, body);
  const slip = slippage(body.max_slippage_percent);
  if (body.action === "BUY") {
    refuseExpired(w, "PT can no longer be bought; it redeems at par (SELL)");
    const token = await marketToken(ctx, w, body.token, "in");
    const amount = toRawAmount(body.amount_in, token.decimals, AMOUNT, token.symbol);
    const quote = await quoteOrRefuse(
      w.chain,
      quotePtBuy(w.client, w.pendle, w.market, token, amount, slip),
      "sell PT for this amount",
    );
    await pullable(w, token, amount);
    const trade = buyPtCalls({
      pendle: w.pendle,
      market: w.market,
      account: w.sender,
      token,
      amount,
      quote,
      slippage: slip,
    });
    const transaction = await routerTransaction(w, trade.calls[1]!.data, body.estimate_gas);
    return { transaction, amount_out_quote: formatUnits(trade.quoted, w.market.pt.decimals) };
  }
  const token = await marketToken(ctx, w, body.token, "out");
  const amount = toRawAmount(body.amount_in, w.market.pt.decimals, AMOUNT, w.market.pt.symbol);
  const q = quotePtSale(w.client, w.pendle, w.market, amount, token.address);
  (w.expired ? q.swap : q.redeem).catch(() => {});
  const quoted = await quoteOrRefuse(w.chain, w.expired ? q.redeem : q.swap, "buy this much PT");
  await pullable(w, ptOf(w.market), amount);
  const trade = sellPtCalls({
    pendle: w.pendle,
    market: w.market,
    expired: w.expired,
    account: w.sender,
    amount,
    quoted,
    slippage: slip,
    tokenOut: token.address,
  });
  const transaction = await routerTransaction(w, trade.calls[1]!.data, body.estimate_gas);
  return { transaction, amount_out_quote: formatUnits(quoted, token.decimals) };
}

/**
 * Buying YT with `token` (ActionSimple's `swapExactTokenForYtSimple`: the router approximates on chain) or
 * selling it for `token` (`swapExactYtForToken`). YT trades only before expiry; after it, its yield is claimed
 * with redeem_yield.
 */
export async function tradeYt(ctx: Context, body: TradeBody) {
  const w = await writeContext(ctx, body);
  refuseExpired(w, "YT no longer trades; claim its yield with redeem_yield");
  const slip = slippage(body.max_slippage_percent);
  if (body.action === "BUY") {
    const token = await marketToken(ctx, w, body.token, "in");
    const amount = toRawAmount(body.amount_in, token.decimals, AMOUNT, token.symbol);
    const netYtOut = await quoteOrRefuse(
      w.chain,
      quoteYtBuy(w.client, w.pendle, w.market, token.address, amount),
      "sell YT for this amount",
    );
    await pullable(w, token, amount);
    const data = buyYtData(w.sender, w.market, lessSlippage(netYtOut, slip), token.address, amount);
    const transaction = await routerTransaction(w, data, body.estimate_gas);
    return { transaction, amount_out_quote: formatUnits(netYtOut, w.market.pt.decimals) };
  }
  const token = await marketToken(ctx, w, body.token, "out");
  const amount = toRawAmount(body.amount_in, w.market.pt.decimals, AMOUNT, ytOf(w.market).symbol);
  const netTokenOut = await quoteOrRefuse(
    w.chain,
    quoteYtSale(w.client, w.pendle, w.market, amount, token.address),
    "buy this much YT",
  );
  await pullable(w, ytOf(w.market), amount);
  const data = sellYtData(w.sender, w.market, amount, token.address, lessSlippage(netTokenOut, slip));
  const transaction = await routerTransaction(w, data, body.estimate_gas);
  return { transaction, amount_out_quote: formatUnits(netTokenOut, token.decimals) };
}
