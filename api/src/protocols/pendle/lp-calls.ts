import { pendleRouterMiscAbi, pendleRouterSimpleAbi } from "@compass/constants";
import { type Address, encodeFunctionData, type Hex } from "viem";
import { NO_LIMIT, tokenInput, tokenOutput } from "./calls.ts";
import type { PendleMarket } from "./market.ts";

/** Adding liquidity from `amount` of one token (ActionSimple's `addLiquiditySingleTokenSimple`; before expiry). */
export const addLiquidityData = (
  account: Address,
  market: PendleMarket,
  minLpOut: bigint,
  token: Address,
  amount: bigint,
): Hex =>
  encodeFunctionData({
    abi: pendleRouterSimpleAbi,
    functionName: "addLiquiditySingleTokenSimple",
    args: [account, market.address, minLpOut, tokenInput(token, amount)],
  });

/**
 * Taking `lp` LP out into one token: before expiry `exitPreExpToToken` (the PT share swapped in the pool), after it
 * `exitPostExpToToken` (the PT share redeemed at par).
 */
export const exitLiquidityData = (
  account: Address,
  market: PendleMarket,
  expired: boolean,
  lp: bigint,
  token: Address,
  minTokenOut: bigint,
) =>
  expired
    ? encodeFunctionData({
        abi: pendleRouterMiscAbi,
        functionName: "exitPostExpToToken",
        args: [account, market.address, 0n, lp, tokenOutput(token, minTokenOut)],
      })
    : encodeFunctionData({
        abi: pendleRouterMiscAbi,
        functionName: "exitPreExpToToken",
        args: [account, market.address, 0n, 0n, lp, tokenOutput(token, minTokenOut), NO_LIMIT],
      });
