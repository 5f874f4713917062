import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { vaultWriteOf } from "../../../kernel/schemas/v1-vaults.ts";
import { vaultTransaction } from "../../../protocols/erc4626/index.ts";
import { VaultWithdrawRequest } from "../schemas.ts";

export const withdraw = defineOperation({
  method: "POST",
  path: "/v1/vaults/withdraw",
  summary: "Withdraw from Vault",
  description:
    'A transaction for `sender` that withdraws `amount` of the underlying token from any ERC-4626 vault to `receiver` (default the sender), burning the sender\'s shares; `"ALL"` redeems every share. More than the vault lets the sender withdraw now (`maxWithdraw`) is a 422.',
  body: VaultWithdrawRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: async ({ body }, ctx) => ({
    transaction: await vaultTransaction("withdraw", vaultWriteOf(body, ctx)),
  }),
});
