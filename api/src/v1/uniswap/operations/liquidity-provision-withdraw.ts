import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { withdrawTransaction } from "../../../protocols/uniswap-v3/index.ts";
import { uniswapOn } from "../domain/pools.ts";
import { UniswapWithdrawLiquidityProvisionRequest } from "../schemas.ts";

export const liquidityProvisionWithdraw = defineOperation({
  method: "POST",
  path: "/v1/uniswap/liquidity_provision/withdraw",
  summary: "Withdraw an LP position",
  description:
    "A transaction for `sender` that takes `percentage_for_withdrawal` percent of position `token_id`'s liquidity out and collects the tokens (with the fees owed) to the sender: `decreaseLiquidity` then `collect` in one `multicall`, each amount held to 99.5 % of what the simulation frees.",
  body: UniswapWithdrawLiquidityProvisionRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => withdrawTransaction(uniswapOn(ctx, body.chain, "body"), body),
});
