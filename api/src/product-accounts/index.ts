/**
 * Product accounts: the per-owner Safe each product (earn, credit, tokenized assets) acts through — a library
 * beside the protocols, not a capability. It offers the account (address, creation, state, balances, transfers),
 * its actions (calls batched into one simulated Safe transaction, or the SafeTx a sponsor relays), the bundle
 * actions earn and credit share, the builders of the operations every product offers alike (`create_account`,
 * `transfer`, `balances`), and their wire pieces (`schemas.ts`). It imports only the kernel and protocols.
 */
export {
  type AccountAction,
  type ActionEnvelope,
  beginAccountAction,
  buildAccountAction,
} from "./domain/action.ts";
export { productAccountAddress } from "./domain/address.ts";
export {
  type ListedToken,
  readAccountBalances,
  type TokenBalanceView,
  type TransferLog,
  tokenBalanceKey,
  tokenBalanceView,
} from "./domain/balances.ts";
export {
  payoutCall,
  type SharedBundleAction,
  type SharedBundleInput,
  sharedBundleActionCalls,
} from "./domain/bundle-actions.ts";
export { buildCreateAccount } from "./domain/create.ts";
export type { AccountCall } from "./domain/multisend.ts";
export { permit2PullCall } from "./domain/permit2.ts";
export { PRODUCT_LABEL, PRODUCTS, type Product } from "./domain/products.ts";
export { SAFE } from "./domain/safe.ts";
export { execTransactionData, type SafeTx, type TypedDataPayload } from "./domain/safe-tx.ts";
export { simulateAsAccount, simulateSafeTx } from "./domain/simulate.ts";
export { readAccountState } from "./domain/state.ts";
export { buildTransfer } from "./domain/transfer.ts";
export { balancesOperation, type TokenPrice } from "./operations/balances.ts";
export { createAccountOperation } from "./operations/create-account.ts";
export { transferOperation } from "./operations/transfer.ts";
export {
  accountQuery,
  actionEnvelopeFields,
  BundleSwapAction,
  BundleTransferFromEoaAction,
  BundleTransferToEoaAction,
  balancesResponse,
  bundleRequest,
  bundleResponse,
  createAccountFields,
  createAccountRequest,
  createAccountResponse,
  TokenBalance,
  TokenTransfer,
  TransferAction,
  transferFields,
  transferResponse,
} from "./schemas.ts";
