import { pendleRouterMiscAbi, pendleRouterSimpleAbi, pendleRouterSwapYtAbi } from "@compass/constants";
import { type Address, encodeFunctionData } from "viem";
import { NO_LIMIT, tokenInput, tokenOutput } from "./calls.ts";
import type { PendleMarket } from "./market.ts";

/** Buying YT with `amount` of `token` for the account (ActionSimple: the router approximates on chain). */
export const buyYtData = (
  account: Address,
  market: PendleMarket,
  minYtOut: bigint,
  token: Address,
  amount: bigint,
) =>
  encodeFunctionData({
    abi: pendleRouterSimpleAbi,
    functionName: "swapExactTokenForYtSimple",
    args: [account, market.address, minYtOut, tokenInput(token, amount)],
  });

/** Selling `amount` YT for at least `minTokenOut` of `token`, paid to the account. */
export const sellYtData = (
  account: Address,
  market: PendleMarket,
  amount: bigint,
  token: Address,
  minTokenOut: bigint,
) =>
  encodeFunctionData({
    abi: pendleRouterSwapYtAbi,
    functionName: "swapExactYtForToken",
    args: [account, market.address, amount, tokenOutput(token, minTokenOut), NO_LIMIT],
  });

/** Claiming the interest and rewards `account`'s YT of the market has earned (paid in SY to it). */
export const redeemInterestData = (account: Address, market: PendleMarket) =>
  encodeFunctionData({
    abi: pendleRouterMiscAbi,
    functionName: "redeemDueInterestAndRewards",
    args: [account, [], [market.yt], []],
  });
