import type { Address, Hex } from "viem";

/**
 * The swap aggregators as the domain sees them. Earn and credit swap through one that speaks the 1inch Swap API
 * (`oneinch/`); the v1 Odos operation routes through Odos's Smart Order Routing API (`odos/`). Each adapter sends
 * only what its system documents; the devnet's twins stand in for both.
 */

export interface AggregatorQuote {
  /** base units of dst */
  dstAmount: bigint;
}

export interface AggregatorSwap extends AggregatorQuote {
  tx: { to: Address; data: Hex; value: bigint };
}

/** What the aggregator refused about the request itself (a 400 other than "no route"). */
export class AggregatorRefusal extends Error {}

/** A quote-then-swap aggregator (1inch Swap API v6.0). `null` when it has no route. */
export interface SwapAggregator {
  quote(chainId: number, q: { src: Address; dst: Address; amount: bigint }): Promise<AggregatorQuote | null>;
  /**
   * The swap transaction for `from` (who holds the tokens and calls the router). The caller simulates it with
   * whatever approval rides in the same batch.
   */
  swap(
    chainId: number,
    q: { src: Address; dst: Address; amount: bigint; from: Address; receiver: Address; slippage: string },
  ): Promise<AggregatorSwap | null>;
}

/** What Odos refused about the swap itself (a 400: no route, bad amount); its `detail`. */
export class OdosRefusal extends Error {}

/** A router that quotes a path, keeps it for the same user for a while, then assembles it (Odos SOR v2). */
export interface PathRouter {
  /** the router contract to approve */
  router(chainId: number): Promise<Address>;
  quote(q: {
    chainId: number;
    src: Address;
    dst: Address;
    amount: bigint;
    user: Address;
    slippagePercent: number;
  }): Promise<{ pathId: string; amountOut: bigint }>;
  assemble(user: Address, pathId: string): Promise<{ to: Address; data: Hex; value: bigint }>;
}

/** What a capability that swaps through the 1inch-compatible aggregator needs. */
export interface SwapAggregatorPorts {
  aggregator: SwapAggregator;
}

/** What a capability that routes through Odos needs. */
export interface OdosPorts {
  odos: PathRouter;
}
