import type { Operation } from "../../kernel/registry/define.ts";
import { deposit } from "./operations/deposit.ts";
import { vault } from "./operations/vault.ts";
import { withdraw } from "./operations/withdraw.ts";

/** The v1 ERC-4626 group (spec v1-capabilities.md §6): any vault by address, read at any block; its two writes. */
export const operations: Operation[] = [vault, deposit, withdraw];

/** For the v1 Morpho group: MetaMorpho vaults are ERC-4626 vaults, read and used as any other. */
export { vaultQuery } from "../../protocols/erc4626/vault-at.ts";
export { vaultWrite } from "../../protocols/erc4626/wallet-writes.ts";
export { VaultDepositRequest, VaultGetVaultResponse, VaultQuery, VaultWithdrawRequest } from "./schemas.ts";
