/**
 * Uniswap v3 and its fork Aerodrome Slipstream (a variant: pools keyed by tick spacing, its own contracts): a
 * chain's deployment by the address book, pool reads and prices, QuoterV2 quotes, swaps through SwapRouter, and
 * positions through the NonfungiblePositionManager (mint, increase, withdraw, the records an owner holds).
 */
export { type UniswapV3, uniswapV3 } from "./deployment.ts";
export { increaseTransaction, withdrawTransaction } from "./liquidity.ts";
export { mintTransaction } from "./mint.ts";
export {
  FEE_TIERS,
  type FeeTier,
  type Pool,
  type PoolKey,
  priceInPerOut,
  readPool,
  readPrice,
  slot0,
} from "./pools.ts";
export { inRange, type Position, positionsOf, readPosition } from "./positions.ts";
export { quote, type Side } from "./quotes.ts";
export { AERODROME_SLIPSTREAM } from "./slipstream.ts";
export { type SwapRequest, swapTransaction } from "./swaps.ts";
export { UNISWAP_V3, type V3Variant } from "./variant.ts";
