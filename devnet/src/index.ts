/**
 * @compass/devnet — local chains (anvil), the shared contracts on them, and twins of outside systems. Import
 * it by package name; everything the rest of the repo uses (stack scripts, build, e2e, bench, api tests) is
 * exported here.
 */
export {
  ACCOUNT_COUNT,
  DEV_ACCOUNT_COUNT,
  DEVNET_MNEMONIC,
  type DevnetAccount,
  devAccounts,
  devnetAccounts,
  ROLE_INDEX,
  type RoleName,
  roleAccount,
} from "./accounts.ts";
export { type AddressBook, type DevnetAddressBook, readDevnetAddressBook } from "./addressbook.ts";
export { chainContracts, MULTICALL3 } from "./addresses.ts";
export { anvilBinary } from "./anvil/binary.ts";
export { HISTORY_BLOCKS } from "./anvil/chain.ts";
export { INITIAL_USDC } from "./bootstrap/usdc.ts";
export { devnetTime, parseDuration } from "./clock.ts";
export {
  CHAINS,
  type ChainSpec,
  chainSpecByName,
  DEFAULT_PORT_BASE,
  type DevnetChainName,
  MARKET_HISTORY,
} from "./config.ts";
export { bep20PegTokenAbi, fiatTokenAbi } from "./contracts/abi.ts";
export { type DevnetHandle, type DevnetOptions, startDevnet } from "./devnet.ts";
export { EXTENSIONS } from "./extensions/index.ts";
export type { ChainExtension, ExtensionContext } from "./extensions/types.ts";
export { devnetPaths, findDevnetDir } from "./layout.ts";
export { bundleNode, CLI_BUNDLE, CLI_ENTRY, nodeArgs } from "./process/bundle.ts";
export { assertPortFree } from "./process/ports.ts";
export { minedReceipt } from "./receipt.ts";
export { viemChain } from "./rpc.ts";
export { SAFE_CONTRACTS, SAFE_SINGLETON_FACTORY, type SafeContractName } from "./safe.ts";
export { matchThroughput, type ThroughputResult } from "./twins/hyperliquid/bench.ts";
export { type RunningVenue, type StartVenueOptions, startVenue } from "./twins/hyperliquid/index.ts";
export { TWINS } from "./twins/registry.ts";
export { twinBundlePath } from "./twins/supervisor.ts";
export type { TwinConfig, TwinSpec } from "./twins/types.ts";
