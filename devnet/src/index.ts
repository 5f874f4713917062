/** @compass/devnet — local chains (anvil), the shared contracts on them, and twins of outside systems. */
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
export { HISTORY_BLOCKS } from "./anvil/chain.ts";
export { INITIAL_USDC } from "./bootstrap/usdc.ts";
export { devnetTime, parseDuration } from "./clock.ts";
export {
  CHAINS,
  type ChainSpec,
  chainSpecByName,
  DEFAULT_PORT_BASE,
  type DevnetChainName,
} from "./config.ts";
export { fiatTokenAbi } from "./contracts/abi.ts";
export { type DevnetHandle, type DevnetOptions, startDevnet } from "./devnet.ts";
export { EXTENSIONS } from "./extensions/index.ts";
export type { ChainExtension, ExtensionContext } from "./extensions/types.ts";
export { devnetPaths } from "./layout.ts";
export { viemChain } from "./rpc.ts";
export { SAFE_CONTRACTS, SAFE_SINGLETON_FACTORY, type SafeContractName } from "./safe.ts";
export { TWINS } from "./twins/registry.ts";
export type { TwinConfig, TwinSpec } from "./twins/types.ts";
