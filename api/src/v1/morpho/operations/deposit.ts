import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { vaultWriteOf } from "../../../kernel/schemas/v1-vaults.ts";
import { vaultTransaction } from "../../../protocols/erc4626/index.ts";
import { MorphoDepositRequest } from "../schemas.ts";

export const deposit = defineOperation({
  method: "POST",
  path: "/v1/morpho/deposit",
  summary: "Deposit",
  description:
    "A transaction for `sender` that deposits `amount` of a MetaMorpho vault's asset into it (ERC-4626 `deposit`), the shares to `receiver` (default the sender). Balance, allowance to the vault and `maxDeposit` are checked first.",
  body: MorphoDepositRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: async ({ body }, ctx) => ({
    transaction: await vaultTransaction("deposit", vaultWriteOf(body, ctx)),
  }),
});
