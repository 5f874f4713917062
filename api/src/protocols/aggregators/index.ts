/** Swap aggregators: the ports earn, credit and the v1 swap use, and their adapters (1inch Swap API, Odos SOR). */
export { OdosAdapter } from "./odos/adapter.ts";
export { OneInchAdapter } from "./oneinch/adapter.ts";
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
