/**
 * Swap aggregators: the ports earn, credit and the v1 swap use, their adapters (1inch Swap API, Odos SOR), and what
 * swapping through the 1inch-compatible one means for any account: a quote, the account's approve-then-swap calls
 * with the slippage bound and the aggregator's refusals named, and swaps measured leg by leg in one transaction.
 */
export { OdosAdapter } from "./odos/adapter.ts";
export { OneInchAdapter } from "./oneinch/adapter.ts";
export { pathSwaps } from "./path-swaps.ts";
export {
  type AggregatorQuote,
  AggregatorRefusal,
  type AggregatorSwap,
  type OdosPorts,
  OdosRefusal,
  type PathRouter,
  type SwapAggregator,
  type SwapAggregatorPorts,
} from "./port.ts";
export {
  explainSlippage,
  quoteSwap,
  type SwapCalls,
  type SwapContext,
  type SwapRequest,
  swapCalls,
} from "./swap.ts";
