import { pendleRouterStaticAbi } from "@compass/constants";
import type { Address, PublicClient } from "viem";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import type { PendleDeployment } from "./deployment.ts";
import { addLiquidityData } from "./lp-calls.ts";
import type { PendleMarket } from "./market.ts";

/** The static router, read for the next block. */
const statics = (pendle: PendleDeployment) =>
  ({ address: pendle.routerStatic, abi: pendleRouterStaticAbi, blockTag: NEXT_BLOCK }) as const;

/**
 * What `amount` of `token` (one the SY mints from) buys of PT now, from Pendle's static router, with the
 * approximation bounds it derives for the router's binary search around that quote.
 */
export async function quotePtBuy(
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  token: Erc20,
  amount: bigint,
  slippage: bigint,
) {
  const [netPtOut, , , , , approx] = await client.readContract({
    ...statics(pendle),
    functionName: "swapExactTokenForPtStaticAndGenerateApproxParams",
    args: [market.address, token.address, amount, slippage],
  });
  return { netPtOut, approx };
}

/**
 * What selling `amount` PT fetches of `tokenOut` now, both ways the static router quotes it: through the market
 * before expiry (`swapExactPtForTokenStatic`; reverts once expired) and by redemption at par through the YT after
 * it (`redeemPyToTokenStatic`). The caller picks by `isExpired`, read in the same batch.
 */
export function quotePtSale(
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  amount: bigint,
  /** what the sale pays out in (one the SY redeems into); default the market's asset */
  tokenOut: Address = market.asset.address,
) {
  return {
    swap: client
      .readContract({
        ...statics(pendle),
        functionName: "swapExactPtForTokenStatic",
        args: [market.address, amount, tokenOut],
      })
      .then(([netTokenOut]) => netTokenOut),
    redeem: client.readContract({
      ...statics(pendle),
      functionName: "redeemPyToTokenStatic",
      args: [market.yt, amount, tokenOut],
    }),
  };
}

/** What `amount` of `token` (one the SY mints from) buys of YT now. */
export const quoteYtBuy = (
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  token: Address,
  amount: bigint,
) =>
  client
    .readContract({
      ...statics(pendle),
      functionName: "swapExactTokenForYtStatic",
      args: [market.address, token, amount],
    })
    .then(([netYtOut]) => netYtOut);

/** What selling `amount` YT fetches of `tokenOut` (one the SY redeems into) now. */
export const quoteYtSale = (
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  amount: bigint,
  tokenOut: Address,
) =>
  client
    .readContract({
      ...statics(pendle),
      functionName: "swapExactYtForTokenStatic",
      args: [market.address, amount, tokenOut],
    })
    .then(([netTokenOut]) => netTokenOut);

/**
 * The LP `amount` of `token` adds for `account` now: the router's own answer (`addLiquiditySingleTokenSimple` run
 * by eth_call) — the static router's single-token add runs its approximation from a default search range that does
 * not fit every pool; the router's simple variant does.
 */
export const quoteLiquidityAdd = (
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  account: Address,
  token: Address,
  amount: bigint,
) =>
  client
    .call({
      account,
      to: pendle.router,
      data: addLiquidityData(account, market, 0n, token, amount),
      blockTag: NEXT_BLOCK,
    })
    .then(({ data }) => BigInt((data ?? "0x0").slice(0, 66)));

/** What `lp` LP pays out in `tokenOut`: through the pool before expiry; after it, its SY and its PT at par. */
export async function quoteLiquidityExit(
  client: PublicClient,
  pendle: PendleDeployment,
  market: PendleMarket,
  expired: boolean,
  lp: bigint,
  tokenOut: Address,
): Promise<bigint> {
  const s = statics(pendle);
  if (!expired) {
    const [netTokenOut] = await client.readContract({
      ...s,
      functionName: "removeLiquiditySingleTokenStatic",
      args: [market.address, lp, tokenOut],
    });
    return netTokenOut;
  }
  const [sy, pt] = await client.readContract({
    ...s,
    functionName: "removeLiquidityDualSyAndPtStatic",
    args: [market.address, lp],
  });
  const syFromPt =
    pt > 0n
      ? await client.readContract({ ...s, functionName: "redeemPyToSyStatic", args: [market.yt, pt] })
      : 0n;
  return client.readContract({
    ...s,
    functionName: "redeemSyToTokenStatic",
    args: [market.sy.address, tokenOut, sy + syFromPt],
  });
}
