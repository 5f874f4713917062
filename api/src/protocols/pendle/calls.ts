import { pendleRouterMiscAbi, pendleRouterSwapPtAbi } from "@compass/constants";
import {
  type AbiStateMutability,
  type Address,
  type ContractFunctionArgs,
  encodeFunctionData,
  erc20Abi,
  zeroAddress,
} from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import type { PendleDeployment } from "./deployment.ts";
import type { PendleMarket } from "./market.ts";

const ONE = 10n ** 18n;

/** The static router's bounds for the router's binary search of the PT out (its ApproxParams). */
type ApproxParams = ContractFunctionArgs<
  typeof pendleRouterSwapPtAbi,
  AbiStateMutability,
  "swapExactTokenForPt"
>[3];

/** Pendle's "no limit orders" and "no external swap" arguments. */
export const NO_SWAP = { swapType: 0, extRouter: zeroAddress, extCalldata: "0x", needScale: false } as const;
export const NO_LIMIT = {
  limitRouter: zeroAddress,
  epsSkipMarket: 0n,
  normalFills: [],
  flashFills: [],
  optData: "0x",
} as const;

/** The router's TokenInput: `netTokenIn` of `token`, minted into SY as it is (no external swap). */
export const tokenInput = (token: Address, netTokenIn: bigint) => ({
  tokenIn: token,
  netTokenIn,
  tokenMintSy: token,
  pendleSwap: zeroAddress,
  swapData: NO_SWAP,
});
/** The router's TokenOutput: SY redeemed into `token`, at least `minTokenOut`. */
export const tokenOutput = (token: Address, minTokenOut: bigint) => ({
  tokenOut: token,
  minTokenOut,
  tokenRedeemSy: token,
  pendleSwap: zeroAddress,
  swapData: NO_SWAP,
});

/** A quote less a slippage (1e18 = 100 %): the least a trade may return. */
export const lessSlippage = (quoted: bigint, slippage: bigint) => quoted - (quoted * slippage) / ONE;

/** An approval of exactly `amount` of `token` to the router (it pulls it all). */
const approveRouter = (pendle: PendleDeployment, token: Address, amount: bigint): Call => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [pendle.router, amount] }),
});

export interface PendleTrade {
  /** the approval, then the router's call */
  calls: Call[];
  /** the quote (base units): PT out for a buy, the asset out for a sale */
  quoted: bigint;
  minimum: bigint;
}

/**
 * Buying PT with `amount` of `token` at a quote: `minPtOut` = quote less the slippage; approve exactly the
 * amount to the router, then `swapExactTokenForPt` paying the account.
 */
export function buyPtCalls(input: {
  pendle: PendleDeployment;
  market: PendleMarket;
  account: Address;
  token: Erc20;
  amount: bigint;
  /** the static router's quote (quotePtBuy) */
  quote: { netPtOut: bigint; approx: ApproxParams };
  /** 1e18 = 100% */
  slippage: bigint;
}): PendleTrade {
  const { pendle, market, token, amount, quote } = input;
  const minimum = lessSlippage(quote.netPtOut, input.slippage);
  return {
    quoted: quote.netPtOut,
    minimum,
    calls: [
      approveRouter(pendle, token.address, amount),
      {
        to: pendle.router,
        data: encodeFunctionData({
          abi: pendleRouterSwapPtAbi,
          functionName: "swapExactTokenForPt",
          args: [
            input.account,
            market.address,
            minimum,
            quote.approx,
            tokenInput(token.address, amount),
            NO_LIMIT,
          ],
        }),
      },
    ],
  };
}

/**
 * Selling `amount` PT for `tokenOut` (default the market's asset) at a quote, paid to the account: before expiry
 * through the market (`swapExactPtForToken`), after it by redemption through the YT (`redeemPyToToken`; PT alone
 * redeems once expired); `minTokenOut` = quote less the slippage.
 */
export function sellPtCalls(input: {
  pendle: PendleDeployment;
  market: PendleMarket;
  expired: boolean;
  account: Address;
  amount: bigint;
  quoted: bigint;
  slippage: bigint;
  tokenOut?: Address;
}): PendleTrade {
  const { pendle, market, amount, quoted } = input;
  const minimum = lessSlippage(quoted, input.slippage);
  const output = tokenOutput(input.tokenOut ?? market.asset.address, minimum);
  const trade = input.expired
    ? encodeFunctionData({
        abi: pendleRouterMiscAbi,
        functionName: "redeemPyToToken",
        args: [input.account, market.yt, amount, output],
      })
    : encodeFunctionData({
        abi: pendleRouterSwapPtAbi,
        functionName: "swapExactPtForToken",
        args: [input.account, market.address, amount, output, NO_LIMIT],
      });
  return {
    quoted,
    minimum,
    calls: [approveRouter(pendle, market.pt.address, amount), { to: pendle.router, data: trade }],
  };
}
