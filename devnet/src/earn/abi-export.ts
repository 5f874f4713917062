import type { Abi } from "viem";
import { loadMorphoArtifact } from "./morpho-compile.ts";
import { type NpmContract, npmArtifact } from "./npm-artifacts.ts";
import { loadSlipstreamArtifact, type SlipstreamContract } from "./slipstream-compile.ts";

/**
 * The protocol ABIs the API reads and calls, exported from @compass/constants (which the API may import;
 * it may not import the devnet). constants/src/earn-abis.ts is written from the npm artifacts by
 * `npm run earn-abis -w @compass/devnet`; test/earn-abis.test.ts fails when they drift.
 */
export const EXPORTED_ABIS: Record<string, NpmContract> = {
  weth9Abi: "WETH9",
  uniswapV3FactoryAbi: "UniswapV3Factory",
  uniswapV3PoolAbi: "UniswapV3Pool",
  uniswapV3SwapRouterAbi: "SwapRouter",
  uniswapV3QuoterV2Abi: "QuoterV2",
  uniswapV3PositionManagerAbi: "NonfungiblePositionManager",
  aavePoolAbi: "Pool",
  aavePoolAddressesProviderAbi: "PoolAddressesProvider",
  aaveOracleAbi: "AaveOracle",
  aaveProtocolDataProviderAbi: "AaveProtocolDataProvider",
  aaveATokenAbi: "AToken",
  aaveVariableDebtTokenAbi: "VariableDebtToken",
  aaveInterestRateStrategyAbi: "DefaultReserveInterestRateStrategy",
  pendleRouterSwapPtAbi: "ActionSwapPTV3",
  pendleRouterMiscAbi: "ActionMiscV3",
  pendleRouterSwapYtAbi: "ActionSwapYTV3",
  pendleRouterSimpleAbi: "ActionSimple",
  pendleMarketAbi: "PendleMarketV7",
  pendleMarketFactoryAbi: "PendleMarketFactoryV7Upg",
  pendleYieldContractFactoryAbi: "PendleYieldContractFactoryUpg",
  pendlePrincipalTokenAbi: "PendlePrincipalToken",
  pendleYieldTokenAbi: "PendleYieldToken",
  pendleStandardizedYieldAbi: "IStandardizedYield",
  pendleRouterStaticAbi: "IPRouterStatic",
};

/** Morpho Blue's ABIs, from the devnet's build of the package's sources (devnet/morpho/artifacts). */
export const EXPORTED_MORPHO_ABIS = {
  morphoBlueAbi: "Morpho",
  morphoIrmAbi: "IrmMock",
  morphoOracleAbi: "MorphoFeedOracle",
} as const;

/** Aerodrome Slipstream's ABIs, from the devnet's build of its sources (devnet/slipstream/artifacts). */
export const EXPORTED_SLIPSTREAM_ABIS = {
  aerodromeSlipstreamFactoryAbi: "CLFactory",
  aerodromeSlipstreamPoolAbi: "CLPool",
  aerodromeSlipstreamRouterAbi: "SwapRouter",
  aerodromeSlipstreamPositionManagerAbi: "NonfungiblePositionManager",
  aerodromeSlipstreamQuoterV2Abi: "QuoterV2",
} as const;

/** An artifact's ABI as exported: functions, events and errors only, without compiler-internal type names. */
export function exportedAbi(
  contract:
    | NpmContract
    | `morpho:${"Morpho" | "IrmMock" | "MorphoFeedOracle"}`
    | `slipstream:${SlipstreamContract}`,
): Abi {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value)
          .filter(([k]) => k !== "internalType" && k !== "constant" && k !== "payable")
          .map(([k, v]) => [k, strip(v)]),
      );
    }
    return value;
  };
  const abi = contract.startsWith("morpho:")
    ? loadMorphoArtifact(contract.slice(7) as "Morpho").abi
    : contract.startsWith("slipstream:")
      ? loadSlipstreamArtifact(contract.slice(11) as SlipstreamContract).abi
      : npmArtifact(contract as NpmContract).abi;
  return abi
    .filter((item) => item.type === "function" || item.type === "event" || item.type === "error")
    .map(strip) as Abi;
}
