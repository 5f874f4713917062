/**
 * Pendle v2: a chain's deployment (router, static router, market factory) and its markets, each market's tokens,
 * state, implied APY and liquidity, the static router's PT, YT and LP quotes, the router's calls (PT, YT and LP
 * trades, interest claims) and errors, its trade events, and what a wallet holds in a market.
 */
export {
  buyPtCalls,
  lessSlippage,
  NO_LIMIT,
  NO_SWAP,
  type PendleTrade,
  sellPtCalls,
  tokenInput,
  tokenOutput,
} from "./calls.ts";
export {
  listedPendleMarkets,
  type PendleDeployment,
  pendleDeployment,
  pendleRouterStatic,
  requirePendle,
} from "./deployment.ts";
export {
  describeRouterRevert,
  explainPtSlippage,
  isMinimumOutRevert,
  pendleRouterErrorsAbi,
  rethrowQuote,
} from "./errors.ts";
export { PENDLE_MARKET_SWAP_EVENT, type PtFlow, readPtFlows } from "./events.ts";
export {
  claimableInterest,
  everReceived,
  inAsset,
  type MarketHoldings,
  readHoldings,
  unitValue,
} from "./holdings.ts";
export { addLiquidityData, exitLiquidityData } from "./lp-calls.ts";
export { chainPendleMarkets, type PendleMarket, readPendleMarket, syAsset } from "./market.ts";
export {
  quoteLiquidityAdd,
  quoteLiquidityExit,
  quotePtBuy,
  quotePtSale,
  quoteYtBuy,
  quoteYtSale,
} from "./quotes.ts";
export { readYieldToken, underlyingApys } from "./rates.ts";
export {
  feeRate,
  impliedApyPercent,
  isExpired,
  lpToAsset,
  marketLiquidity,
  type PendleMarketState,
  readPendleState,
} from "./state.ts";
export { buyYtData, redeemInterestData, sellYtData } from "./yt-calls.ts";
