import type { Operation } from "../../kernel/registry/define.ts";
import { aaveMarkets } from "./operations/aave-markets.ts";
import { balances } from "./operations/balances.ts";
import { bundle } from "./operations/bundle.ts";
import { createAccount } from "./operations/create-account.ts";
import { manage } from "./operations/manage.ts";
import { pendleMarkets } from "./operations/pendle-markets.ts";
import { positions } from "./operations/positions.ts";
import { positionsAll } from "./operations/positions-all.ts";
import { swap } from "./operations/swap.ts";
import { swapQuote } from "./operations/swap-quote.ts";
import { transfer } from "./operations/transfer.ts";
import { vaults } from "./operations/vaults.ts";

/** The /v2/earn operations (spec earn-and-credit.md Part A), in the spec's order as they land. */
export const operations: Operation[] = [
  positions,
  positionsAll,
  vaults,
  aaveMarkets,
  pendleMarkets,
  swapQuote,
  balances,
  createAccount,
  transfer,
  manage,
  swap,
  bundle,
];

/** For other capabilities: USD prices at the chain's Aave oracle (credit values its collateral with them). */
export { AAVE_RESERVE_DATA_UPDATED_EVENT } from "./domain/aave.ts";
export {
  type SharedBundleAction,
  type SharedBundleInput,
  sharedBundleActionCalls,
} from "./domain/bundle.ts";
export { eulerFactoryVaults } from "./domain/euler.ts";
/** For the v1 Morpho group: the MetaMorpho factories' vaults and the ERC-4626 events. */
export { VAULT_DEPOSIT_EVENT, VAULT_WITHDRAW_EVENT } from "./domain/events.ts";
export { createMetaMorphoEvent, metaMorphoFactories } from "./domain/metamorpho.ts";
export { oraclePrice } from "./domain/prices.ts";
export { swapCalls } from "./domain/swap.ts";
/** For the v1 ERC-4626 group: any vault by address, its metadata read once. */
export { readVault, type Vault, vaultAbi } from "./domain/vault.ts";
export { trailingApys } from "./domain/vault-apy.ts";
export {
  BundleSwapAction,
  BundleTransferFromEoaAction,
  BundleTransferToEoaAction,
} from "./schemas.ts";
