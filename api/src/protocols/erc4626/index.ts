/**
 * ERC-4626, any tokenized vault by address: its metadata read once (asset, name, symbol, decimals), its state at a
 * block, the trailing APYs its share price shows from its own Deposit/Withdraw events, those events as flows, and
 * the deposit and withdrawal calls after the vault's own limits (an account's calls, or a wallet's transaction).
 */
export { trailingApys, trailingApysAt, trailingApysMany } from "./apy.ts";
export { vaultCalls } from "./calls.ts";
export { VAULT_DEPOSIT_EVENT, VAULT_WITHDRAW_EVENT, type VaultFlow, vaultFlows } from "./events.ts";
export { readVaultStates, type VaultState } from "./state.ts";
export { readVault, type Vault, vaultAbi } from "./vault.ts";
export { readVaultAt, type VaultAt } from "./vault-at.ts";
export { vaultTransaction } from "./wallet-writes.ts";
