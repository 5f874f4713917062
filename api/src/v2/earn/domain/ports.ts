import type { Context } from "../../../kernel/context.ts";
import type { SwapAggregatorPorts } from "../../../protocols/aggregators/index.ts";

/** Earn swaps through the 1inch-compatible aggregator. */
export type EarnContext = Context<SwapAggregatorPorts>;
