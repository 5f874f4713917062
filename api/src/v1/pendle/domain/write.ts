import { type Address, getAddress, type Hex } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { assertPullable, type Erc20, namedTokens, resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { RevertError } from "../../../kernel/chain/revert.ts";
import { buildUnsignedTransaction, prefetchTxFields } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  describeRouterRevert,
  isExpired,
  isMinimumOutRevert,
  type PendleMarket,
  readPendleMarket,
} from "../../../protocols/pendle/index.ts";
import { pendleOn } from "./reads.ts";

/**
 * What the v1 Pendle writes share: the request's fields, the market and sender, the token checks, and the
 * router's transaction simulated for the sender.
 */

/** the market's LP token */
export const LP_DECIMALS = 18;
export const AMOUNT: Loc = ["body", "amount_in"];
export const TOKEN: Loc = ["body", "token"];
export const MARKET: Loc = ["body", "market_address"];

export interface WriteBody {
  chain: ChainName;
  sender: string;
  estimate_gas: boolean;
  market_address: string;
}
export interface TradeBody extends WriteBody {
  action: string;
  token: string;
  amount_in: string;
  max_slippage_percent: number;
}

/** What every Pendle write starts from: the deployment, the market, the sender and its nonce and fees. */
export async function writeContext(ctx: Context, body: WriteBody) {
  const { chain } = body;
  const { client, pendle } = pendleOn(ctx, chain, "body");
  const market = await readPendleMarket(client, chain, pendle, body.market_address, MARKET);
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(client, chain, sender);
  const expired = await isExpired(client, market).catch((e) => rethrowRpc(chain, e));
  return { chain, client, pendle, market, sender, fields, expired };
}
export type Write = Awaited<ReturnType<typeof writeContext>>;

/** `max_slippage_percent` as Pendle's 1e18 fraction. */
export const slippage = (percent: number) => BigInt(Math.round(percent * 1e6)) * 10n ** 10n;

/**
 * `token` as one the market's SY mints from (paying) or redeems into (receiving); another token is a 422 naming
 * the ones it takes.
 */
export async function marketToken(
  ctx: Context,
  w: Write,
  text: string,
  direction: "in" | "out",
): Promise<Erc20> {
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
export async function quoteOrRefuse<T>(chain: ChainName, read: Promise<T>, what: string): Promise<T> {
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
export function routerTransaction(w: Write, data: Hex, estimateGas: boolean) {
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
export const pullable = (w: Write, token: Erc20, amount: bigint) =>
  assertPullable(w.client, w.chain, {
    token,
    owner: w.sender,
    spender: w.pendle.router,
    spenderName: "PendleRouter",
    amount,
    loc: AMOUNT,
  });

export const ptOf = (m: PendleMarket): Erc20 => ({
  address: m.pt.address,
  symbol: m.pt.symbol,
  decimals: m.pt.decimals,
});
export const ytOf = (m: PendleMarket): Erc20 => ({
  address: m.yt,
  symbol: m.pt.symbol.replace(/^PT/, "YT"),
  decimals: m.pt.decimals,
});
export const lpOf = (m: PendleMarket): Erc20 => ({
  address: m.address,
  symbol: "PENDLE-LPT",
  decimals: LP_DECIMALS,
});

export function refuseExpired(w: Write, what: string): void {
  if (w.expired)
    throw fieldError(
      MARKET,
      `This market expired on ${new Date(w.market.expiry * 1000).toISOString().slice(0, 10)}: ${what}`,
    );
}
