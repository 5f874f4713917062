import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { vaultWriteOf } from "../../../kernel/schemas/v1-vaults.ts";
import { vaultTransaction } from "../../../protocols/erc4626/index.ts";
import { MorphoWithdrawRequest } from "../schemas.ts";

export const withdraw = defineOperation({
  method: "POST",
  path: "/v1/morpho/withdraw",
  summary: "Withdraw",
  description:
    "A transaction for `sender` that withdraws `amount` of a MetaMorpho vault's asset (ERC-4626 `withdraw`) to `receiver`; `\"ALL\"` redeems every share. More than `maxWithdraw` (the sender's shares, and what the vault's markets can pay out now) is a 422.",
  body: MorphoWithdrawRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: async ({ body }, ctx) => ({
    transaction: await vaultTransaction("withdraw", vaultWriteOf(body, ctx)),
  }),
});
