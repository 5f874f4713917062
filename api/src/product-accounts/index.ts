import type { Operation } from "../kernel/registry/define.ts";

/**
 * Product accounts: the per-owner Safe each product (earn, credit, tokenized assets) acts through. No
 * operation of its own — each product's `create_account`, `transfer` and actions are built from these.
 */
export const operations: Operation[] = [];

export { type ActionEnvelope, buildAccountAction, productAccountAction } from "./domain/action.ts";
export { productAccountAddress } from "./domain/address.ts";
export { type ListedToken, readAccountBalances } from "./domain/balances.ts";
export { buildCreateAccount } from "./domain/create.ts";
export type { AccountCall } from "./domain/multisend.ts";
export { permit2PullCall } from "./domain/permit2.ts";
export { PRODUCT_LABEL, PRODUCTS, type Product } from "./domain/products.ts";
export { SAFE } from "./domain/safe.ts";
export { execTransactionData, type SafeTx, type TypedDataPayload } from "./domain/safe-tx.ts";
export { simulateAsAccount, simulateSafeTx } from "./domain/simulate.ts";
export { readAccountState } from "./domain/state.ts";
export { buildTransfer } from "./domain/transfer.ts";
export {
  balancesResponse,
  bundleRequest,
  bundleResponse,
  createAccountRequest,
  createAccountResponse,
  TokenBalance,
  TokenTransfer,
  TransferAction,
  transferResponse,
} from "./schemas.ts";
