import {
  aerodromeSlipstreamFactoryAbi,
  aerodromeSlipstreamPoolAbi,
  aerodromeSlipstreamPositionManagerAbi,
  aerodromeSlipstreamQuoterV2Abi,
  aerodromeSlipstreamRouterAbi,
} from "@compass/constants";
import type { V3Variant } from "./variant.ts";

/**
 * Aerodrome Slipstream (base): Uniswap v3 with pools keyed by tick spacing instead of a fee tier (CLFactory's
 * `getPool(a, b, tickSpacing)`; the pool's fee is its own, read from it), and the spacing in place of the fee in
 * the quoter's, router's and position manager's arguments and records. Its position manager's `mint` also takes
 * a `sqrtPriceX96` (0: the pool must exist).
 */
export const AERODROME_SLIPSTREAM: V3Variant = {
  name: "Aerodrome Slipstream",
  key: "tickSpacing",
  contracts: {
    factory: "AerodromeSlipstreamFactory",
    router: "AerodromeSlipstreamRouter",
    quoter: "AerodromeSlipstreamQuoterV2",
    positions: "AerodromeSlipstreamPositionManager",
  },
  spenders: {
    router: "AerodromeSlipstreamRouter",
    positions: "AerodromeSlipstreamNonfungiblePositionManager",
  },
  labels: { router: "Slipstream's SwapRouter", positions: "Slipstream's position manager" },
  abis: {
    factory: aerodromeSlipstreamFactoryAbi,
    pool: aerodromeSlipstreamPoolAbi,
    router: aerodromeSlipstreamRouterAbi,
    quoter: aerodromeSlipstreamQuoterV2Abi,
    positions: aerodromeSlipstreamPositionManagerAbi,
  },
};
