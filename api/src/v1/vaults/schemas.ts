/**
 * Wire schemas of the v1 ERC-4626 group (spec v1-capabilities.md §6): any vault by address, read at any block;
 * deposits and withdrawals the sender signs. The Morpho and Ethena groups answer with the same vault, so the
 * schemas live in the kernel's v1 vault wire.
 */
export {
  VaultDepositRequest,
  VaultGetVaultResponse,
  VaultQuery,
  VaultWithdrawRequest,
} from "../../kernel/schemas/v1-vaults.ts";
