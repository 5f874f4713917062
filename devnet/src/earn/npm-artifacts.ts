import { createRequire } from "node:module";
import type { Abi, Address, Hex } from "viem";

/**
 * Build artifacts that protocols publish in their npm packages (hardhat/truffle JSON): the devnet deploys
 * these bytes, never a recompilation or a look-alike. Paths are package-relative module specifiers.
 */
export const NPM_ARTIFACTS = {
  EntryPoint: "@account-abstraction/contracts/artifacts/EntryPoint.json",
  Simple7702Account: "@account-abstraction/contracts/artifacts/Simple7702Account.json",
  SimpleAccountFactory: "@account-abstraction/contracts/artifacts/SimpleAccountFactory.json",
  EntryPointV07: "account-abstraction-v07/artifacts/EntryPoint.json",
  Safe4337Module: "@safe-global/safe-4337/build/artifacts/contracts/Safe4337Module.sol/Safe4337Module.json",
  SafeModuleSetup:
    "@safe-global/safe-4337/build/artifacts/contracts/SafeModuleSetup.sol/SafeModuleSetup.json",
  WETH9: "canonical-weth/build/contracts/WETH9.json",
  ENSRegistry: "@ensdomains/ens/build/contracts/ENSRegistry.json",
  ENSRegistryWithFallback: "@ensdomains/ens/build/contracts/ENSRegistryWithFallback.json",
  PublicResolver: "@ensdomains/resolver/build/contracts/PublicResolver.json",
  UniswapV3Factory: "@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json",
  UniswapV3Pool: "@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json",
  SwapRouter: "@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json",
  QuoterV2: "@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json",
  NonfungiblePositionManager:
    "@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json",
  PoolAddressesProvider:
    "@aave/core-v3/artifacts/contracts/protocol/configuration/PoolAddressesProvider.sol/PoolAddressesProvider.json",
  ACLManager: "@aave/core-v3/artifacts/contracts/protocol/configuration/ACLManager.sol/ACLManager.json",
  Pool: "@aave/core-v3/artifacts/contracts/protocol/pool/Pool.sol/Pool.json",
  PoolConfigurator:
    "@aave/core-v3/artifacts/contracts/protocol/pool/PoolConfigurator.sol/PoolConfigurator.json",
  AaveOracle: "@aave/core-v3/artifacts/contracts/misc/AaveOracle.sol/AaveOracle.json",
  AaveProtocolDataProvider:
    "@aave/core-v3/artifacts/contracts/misc/AaveProtocolDataProvider.sol/AaveProtocolDataProvider.json",
  AToken: "@aave/core-v3/artifacts/contracts/protocol/tokenization/AToken.sol/AToken.json",
  VariableDebtToken:
    "@aave/core-v3/artifacts/contracts/protocol/tokenization/VariableDebtToken.sol/VariableDebtToken.json",
  StableDebtToken:
    "@aave/core-v3/artifacts/contracts/protocol/tokenization/StableDebtToken.sol/StableDebtToken.json",
  DefaultReserveInterestRateStrategy:
    "@aave/core-v3/artifacts/contracts/protocol/pool/DefaultReserveInterestRateStrategy.sol/DefaultReserveInterestRateStrategy.json",
  BorrowLogic: "@aave/core-v3/artifacts/contracts/protocol/libraries/logic/BorrowLogic.sol/BorrowLogic.json",
  BridgeLogic: "@aave/core-v3/artifacts/contracts/protocol/libraries/logic/BridgeLogic.sol/BridgeLogic.json",
  EModeLogic: "@aave/core-v3/artifacts/contracts/protocol/libraries/logic/EModeLogic.sol/EModeLogic.json",
  FlashLoanLogic:
    "@aave/core-v3/artifacts/contracts/protocol/libraries/logic/FlashLoanLogic.sol/FlashLoanLogic.json",
  LiquidationLogic:
    "@aave/core-v3/artifacts/contracts/protocol/libraries/logic/LiquidationLogic.sol/LiquidationLogic.json",
  PoolLogic: "@aave/core-v3/artifacts/contracts/protocol/libraries/logic/PoolLogic.sol/PoolLogic.json",
  SupplyLogic: "@aave/core-v3/artifacts/contracts/protocol/libraries/logic/SupplyLogic.sol/SupplyLogic.json",
  ConfiguratorLogic:
    "@aave/core-v3/artifacts/contracts/protocol/libraries/logic/ConfiguratorLogic.sol/ConfiguratorLogic.json",
  PendleProxyAdmin:
    "@pendle/core-v2/build/artifacts/contracts/offchain-helpers/PendleProxyAdmin.sol/PendleProxyAdmin.json",
  PendleERC20: "@pendle/core-v2/build/artifacts/contracts/core/erc20/PendleERC20.sol/PendleERC20.json",
  PendleGaugeControllerUpg:
    "@pendle/core-v2/build/artifacts/contracts/LiquidityMining/GaugeController/PendleGaugeControllerUpg.sol/PendleGaugeControllerUpg.json",
  PendleYieldContractFactoryUpg:
    "@pendle/core-v2/build/artifacts/contracts/core/YieldContracts/PendleYieldContractFactoryUpg.sol/PendleYieldContractFactoryUpg.json",
  PendlePrincipalToken:
    "@pendle/core-v2/build/artifacts/contracts/core/YieldContracts/PendlePrincipalToken.sol/PendlePrincipalToken.json",
  PendleYieldToken:
    "@pendle/core-v2/build/artifacts/contracts/core/YieldContracts/PendleYieldToken.sol/PendleYieldToken.json",
  OracleLib: "@pendle/core-v2/build/artifacts/contracts/core/Market/OracleLib.sol/OracleLib.json",
  PendleMarketV7:
    "@pendle/core-v2/build/artifacts/contracts/core/Market/PendleMarketV7.sol/PendleMarketV7.json",
  PendleMarketFactoryV7Upg:
    "@pendle/core-v2/build/artifacts/contracts/core/Market/PendleMarketFactoryV7Upg.sol/PendleMarketFactoryV7Upg.json",
  PendleRouterV4: "@pendle/core-v2/build/artifacts/contracts/router/PendleRouterV4.sol/PendleRouterV4.json",
  ActionStorageV4:
    "@pendle/core-v2/build/artifacts/contracts/router/ActionStorageV4.sol/ActionStorageV4.json",
  ActionSwapPTV3: "@pendle/core-v2/build/artifacts/contracts/router/ActionSwapPTV3.sol/ActionSwapPTV3.json",
  ActionSwapYTV3: "@pendle/core-v2/build/artifacts/contracts/router/ActionSwapYTV3.sol/ActionSwapYTV3.json",
  ActionAddRemoveLiqV3:
    "@pendle/core-v2/build/artifacts/contracts/router/ActionAddRemoveLiqV3.sol/ActionAddRemoveLiqV3.json",
  ActionMiscV3: "@pendle/core-v2/build/artifacts/contracts/router/ActionMiscV3.sol/ActionMiscV3.json",
  ActionSimple: "@pendle/core-v2/build/artifacts/contracts/router/ActionSimple.sol/ActionSimple.json",
  ActionCallbackV3:
    "@pendle/core-v2/build/artifacts/contracts/router/ActionCallbackV3.sol/ActionCallbackV3.json",
  PendleRouterStatic:
    "@pendle/core-v2/build/artifacts/contracts/offchain-helpers/router-static/PendleRouterStatic.sol/PendleRouterStatic.json",
  ActionStorageStatic:
    "@pendle/core-v2/build/artifacts/contracts/offchain-helpers/router-static/base/ActionStorageStatic.sol/ActionStorageStatic.json",
  ActionMarketCoreStatic:
    "@pendle/core-v2/build/artifacts/contracts/offchain-helpers/router-static/base/ActionMarketCoreStatic.sol/ActionMarketCoreStatic.json",
  ActionMarketAuxStatic:
    "@pendle/core-v2/build/artifacts/contracts/offchain-helpers/router-static/base/ActionMarketAuxStatic.sol/ActionMarketAuxStatic.json",
  ActionMintRedeemStatic:
    "@pendle/core-v2/build/artifacts/contracts/offchain-helpers/router-static/base/ActionMintRedeemStatic.sol/ActionMintRedeemStatic.json",
  ActionInfoStatic:
    "@pendle/core-v2/build/artifacts/contracts/offchain-helpers/router-static/base/ActionInfoStatic.sol/ActionInfoStatic.json",
  IPRouterStatic:
    "@pendle/core-v2/build/artifacts/contracts/interfaces/IPRouterStatic.sol/IPRouterStatic.json",
  IStandardizedYield:
    "@pendle/core-v2/build/artifacts/contracts/interfaces/IStandardizedYield.sol/IStandardizedYield.json",
} as const;
export type NpmContract = keyof typeof NPM_ARTIFACTS;

export interface NpmArtifact {
  contractName: string;
  abi: Abi;
  bytecode: Hex;
  deployedBytecode: Hex;
  /** hardhat: source file → library name → byte offsets of its 20-byte placeholders in `bytecode` */
  linkReferences?: Record<string, Record<string, { start: number; length: number }[]>>;
}

const require = createRequire(import.meta.url);
const cache = new Map<NpmContract, NpmArtifact>();

export function npmArtifact(name: NpmContract): NpmArtifact {
  let artifact = cache.get(name);
  if (!artifact) {
    artifact = require(NPM_ARTIFACTS[name]) as NpmArtifact;
    cache.set(name, artifact);
  }
  return artifact;
}

/** Creation code with every library placeholder replaced by the library's address (by library name). */
export function linkedBytecode(name: NpmContract, libraries: Record<string, Address> = {}): Hex {
  const artifact = npmArtifact(name);
  let code = artifact.bytecode.slice(2);
  for (const libs of Object.values(artifact.linkReferences ?? {})) {
    for (const [lib, refs] of Object.entries(libs)) {
      const address = libraries[lib];
      if (!address) throw new Error(`${name} needs library ${lib} linked`);
      for (const { start, length } of refs) {
        code = code.slice(0, start * 2) + address.slice(2).toLowerCase() + code.slice((start + length) * 2);
      }
    }
  }
  if (code.includes("__$")) throw new Error(`${name}: unlinked library placeholder left`);
  return `0x${code}`;
}
