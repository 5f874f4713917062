import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { vaultWriteOf } from "../../../kernel/schemas/v1-vaults.ts";
import { vaultTransaction } from "../../../protocols/erc4626/index.ts";
import { VaultDepositRequest } from "../schemas.ts";

export const deposit = defineOperation({
  method: "POST",
  path: "/v1/vaults/deposit",
  summary: "Deposit to Vault",
  description:
    "A transaction for `sender` that deposits `amount` of the vault's underlying token into any ERC-4626 vault, the shares going to `receiver` (default the sender). The sender must hold the amount and have approved the vault for it, and the vault must accept it (`maxDeposit`): each checked first, a 422 naming which.",
  body: VaultDepositRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: async ({ body }, ctx) => ({
    transaction: await vaultTransaction("deposit", vaultWriteOf(body, ctx)),
  }),
});
