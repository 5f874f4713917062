import {
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
  uniswapV3PositionManagerAbi,
  uniswapV3QuoterV2Abi,
  uniswapV3SwapRouterAbi,
} from "@compass/constants";
import type { Abi } from "viem";

type Contract = "factory" | "router" | "quoter" | "positions";

/**
 * What sets one deployment family of the Uniswap v3 design apart from another: its name, what its pools are
 * keyed by beside the two tokens (Uniswap's fee tier, Slipstream's tick spacing), the address book's names of its
 * factory, SwapRouter, QuoterV2 and NonfungiblePositionManager, how allowances to and refusals by those are named,
 * and its ABIs (the same functions; the pool key and a few fields differ).
 */
export interface V3Variant {
  name: string;
  key: "fee" | "tickSpacing";
  contracts: Record<Contract, string>;
  /** the spender names an allowance check asks for */
  spenders: Record<"router" | "positions", string>;
  /** how a refusal names the router and the position manager */
  labels: Record<"router" | "positions", string>;
  abis: Record<Contract | "pool", Abi>;
}

/** Uniswap v3 itself: pools keyed by fee tier. */
export const UNISWAP_V3: V3Variant = {
  name: "Uniswap v3",
  key: "fee",
  contracts: {
    factory: "UniswapV3Factory",
    router: "UniswapV3SwapRouter",
    quoter: "UniswapV3QuoterV2",
    positions: "UniswapV3PositionManager",
  },
  spenders: { router: "UniswapV3Router", positions: "UniswapV3NFTPositionManager" },
  labels: { router: "SwapRouter", positions: "the position manager" },
  abis: {
    factory: uniswapV3FactoryAbi,
    pool: uniswapV3PoolAbi,
    router: uniswapV3SwapRouterAbi,
    quoter: uniswapV3QuoterV2Abi,
    positions: uniswapV3PositionManagerAbi,
  },
};
