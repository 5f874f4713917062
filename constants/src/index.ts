export type { AddressBook } from "./addressbook.ts";
export { BRIDGE2, bridge2Abi } from "./bridge2.ts";
export {
  BUNDLE_SIMULATOR_ACCOUNT_CODE,
  BUNDLE_SIMULATOR_CODE,
  bundleSimulatorAbi,
  delegationDesignator,
  ENTRY_POINT_V08,
  SIMPLE_7702_ACCOUNT,
  simple7702AccountAbi,
} from "./bundler.ts";
export {
  CCTP_CHAINS,
  CCTP_DOMAINS,
  CCTP_FINALITY,
  CCTP_MESSAGE_TRANSMITTER_V2,
  CCTP_TOKEN_MESSENGER_V2,
  type CctpChain,
  cctpMessageTransmitterV2Abi,
  cctpTokenMessengerV2Abi,
} from "./cctp.ts";
export {
  CHAIN_INFO,
  CHAINS,
  type ChainInfo,
  type ChainName,
  DEVNET_CHAINS,
  MULTICALL3,
  PERMIT2,
  type TokenInfo,
  USDC,
} from "./chains.ts";
export { UNISWAP_V3_POOL_INIT_CODE_HASH, WETH } from "./earn.ts";
export {
  aaveATokenAbi,
  aaveInterestRateStrategyAbi,
  aaveOracleAbi,
  aavePoolAbi,
  aavePoolAddressesProviderAbi,
  aaveProtocolDataProviderAbi,
  aaveVariableDebtTokenAbi,
  aerodromeSlipstreamFactoryAbi,
  aerodromeSlipstreamPoolAbi,
  aerodromeSlipstreamPositionManagerAbi,
  aerodromeSlipstreamQuoterV2Abi,
  aerodromeSlipstreamRouterAbi,
  morphoBlueAbi,
  morphoIrmAbi,
  morphoOracleAbi,
  pendleMarketAbi,
  pendleMarketFactoryAbi,
  pendlePrincipalTokenAbi,
  pendleRouterMiscAbi,
  pendleRouterSimpleAbi,
  pendleRouterStaticAbi,
  pendleRouterSwapPtAbi,
  pendleRouterSwapYtAbi,
  pendleStandardizedYieldAbi,
  pendleYieldContractFactoryAbi,
  pendleYieldTokenAbi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
  uniswapV3PositionManagerAbi,
  uniswapV3QuoterV2Abi,
  uniswapV3SwapRouterAbi,
  weth9Abi,
} from "./earn-abis.ts";
export {
  centrifugeVaultAbi,
  midasDataFeedAbi,
  midasDepositVaultAbi,
  midasManageableVaultAbi,
  midasRedemptionVaultAbi,
} from "./issuer-vaults.ts";
export { IXS_REQUEST_STATUS, ixsVaultAbi } from "./ixs.ts";
export { LIMIT_ORDER_PROTOCOL_DOMAIN, limitOrderProtocolAbi } from "./limit-order-protocol.ts";
export { MMF_CHAIN, MMF_CUTOFF, MMF_SYMBOL } from "./mmf.ts";
export { ONE_TIME_WALLET_ABI, ONE_TIME_WALLET_FACTORY, ONE_TIME_WALLET_INIT_CODE_HASH } from "./onramp.ts";
export { permit2Abi } from "./permit2.ts";
export { erc20ErrorsAbi, fundShareTokenAbi, rwaTokenAbi } from "./tokenized-abis.ts";
export {
  ASSET_CLASSES,
  ASSETS,
  type AssetClass,
  type AssetInfo,
  PROVIDERS,
  type Provider,
  type TradeFlow,
  type TradingHours,
} from "./tokenized-assets.ts";
