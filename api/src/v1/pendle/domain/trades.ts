import { type Address, erc20Abi, formatUnits, getAddress, type Hex } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { assertPullable, type Erc20, namedTokens, resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { RevertError } from "../../../kernel/chain/revert.ts";
import { buildUnsignedTransaction, prefetchTxFields } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  addLiquidityData,
  buyPtCalls,
  buyYtData,
  claimableInterest,
  describeRouterRevert,
  exitLiquidityData,
  isExpired,
  isMinimumOutRevert,
  lessSlippage,
  type PendleMarket,
  quoteLiquidityAdd,
  quoteLiquidityExit,
  quotePtBuy,
  quotePtSale,
  quoteYtBuy,
  quoteYtSale,
  readPendleMarket,
  redeemInterestData,
  sellPtCalls,
  sellYtData,
} from "../../../protocols/pendle/index.ts";
import { pendleOn } from "./reads.ts";

const LP_DECIMALS = 18;
const AMOUNT: Loc = ["body", "amount_in"];
const TOKEN: Loc = ["body", "token"];
const MARKET: Loc = ["body", "market_address"];

interface WriteBody {
  chain: ChainName;
  sender: string;
  estimate_gas: boolean;
  market_address: string;
}
interface TradeBody extends WriteBody {
  action: string;
  token: string;
  amount_in: string;
  max_slippage_percent: number;
}

/** What every Pendle write starts from: the deployment, the market, the sender and its nonce and fees. */
async function writeContext(ctx: Context, body: WriteBody) {
  const { chain } = body;
  const { client, pendle } = pendleOn(ctx, chain, "body");
  const market = await readPendleMarket(client, chain, pendle, body.market_address, MARKET);
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(client, chain, sender);
  const expired = await isExpired(client, market).catch((e) => rethrowRpc(chain, e));
  return { chain, client, pendle, market, sender, fields, expired };
}
type Write = Awaited<ReturnType<typeof writeContext>>;

/** `max_slippage_percent` as Pendle's 1e18 fraction. */
const slippage = (percent: number) => BigInt(Math.round(percent * 1e6)) * 10n ** 10n;

/**
 * `token` as one the market's SY mints from (paying) or redeems into (receiving); another token is a 422 naming
 * the ones it takes.
 */
async function marketToken(ctx: Context, w: Write, text: string, direction: "in" | "out"): Promise<Erc20> {
  const token = await resolveErc20(ctx.config, w.client, w.chain, text, TOKEN);
  const allowed = direction === "in" ? w.market.tokensIn : w.market.tokensOut;
  if (!allowed.includes(token.address)) {
    const named = namedTokens(ctx.config, w.chain);
    const names = allowed.map((a) => named.find((t) => t.address === a)?.symbol ?? a);
    throw fieldError(
      TOKEN,
      `${token.symbol} is not a token this market's SY ${direction === "in" ? "mints from" : "redeems into"}; it takes ${names.join(", ")}`,
    );
  }
  return token;
}

/** A static-router quote; a revert (the pool cannot take the trade) is a 422 on the amount saying why. */
async function quoteOrRefuse<T>(chain: ChainName, read: Promise<T>, what: string): Promise<T> {
  try {
    return await read;
  } catch (error) {
    const text = String((error as Error)?.message);
    if (/revert/i.test(text) && !/HttpRequestError|TimeoutError/.test(text)) {
      const reason = /reason:\s*([^\n]+)/.exec(text)?.[1] ?? /Error: ([A-Za-z]+\([^)]*\))/.exec(text)?.[1];
      throw fieldError(AMOUNT, `the market cannot ${what}${reason ? ` (${reason.trim()})` : ""}`);
    }
    return rethrowRpc(chain, error);
  }
}

/**
 * The transaction for the sender, simulated first: the router's minimum-output check failing is a 422 on
 * `max_slippage_percent`; another revert a 422 with the router's reason.
 */
function routerTransaction(w: Write, data: Hex, estimateGas: boolean) {
  return buildUnsignedTransaction(
    w.client,
    w.chain,
    { from: w.sender, to: w.pendle.router, data },
    w.fields,
    {
      estimateGas,
      senderLoc: ["body", "sender"],
      explain: (revert) => {
        const reason = describeRouterRevert(revert);
        if (isMinimumOutRevert(reason))
          throw fieldError(
            ["body", "max_slippage_percent"],
            `The trade would return less than the slippage bound allows (${reason}); raise max_slippage_percent or try again.`,
          );
        throw new RevertError(`Pendle's router refuses the trade: ${reason}`);
      },
    },
  );
}

/** The sender must hold `amount` of `token` and have approved Pendle's router for it. */
const pullable = (w: Write, token: Erc20, amount: bigint) =>
  assertPullable(w.client, w.chain, {
    token,
    owner: w.sender,
    spender: w.pendle.router,
    spenderName: "PendleRouter",
    amount,
    loc: AMOUNT,
  });

const ptOf = (m: PendleMarket): Erc20 => ({
  address: m.pt.address,
  symbol: m.pt.symbol,
  decimals: m.pt.decimals,
});
const ytOf = (m: PendleMarket): Erc20 => ({
  address: m.yt,
  symbol: m.pt.symbol.replace(/^PT/, "YT"),
  decimals: m.pt.decimals,
});
const lpOf = (m: PendleMarket): Erc20 => ({
  address: m.address,
  symbol: "PENDLE-LPT",
  decimals: LP_DECIMALS,
});

function refuseExpired(w: Write, what: string): void {
  if (w.expired)
    throw fieldError(
      MARKET,
      `This market expired on ${new Date(w.market.expiry * 1000).toISOString().slice(0, 10)}: ${what}`,
    );
}

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
