import { type Address, encodeFunctionData, erc20Abi, getAddress } from "viem";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { resolveContract } from "../domain/contracts.ts";
import { SetAllowanceRequest } from "../schemas.ts";

export const allowanceSet = defineOperation({
  method: "POST",
  path: "/v1/generic/allowance/set",
  summary: "Set Allowance",
  description:
    "A transaction for `sender` that sets how much of `token` `contract` (a protocol's contract by name, e.g. `AaveV3Pool`, or any address) may spend: ERC-20 `approve`, replacing the allowance (0 revokes it).",
  body: SetAllowanceRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ body }, ctx) {
    const { chain } = body;
    const client = ctx.services.chains.get(chain, ["body", "chain"]);
    const sender = getAddress(body.sender) as Address;
    const fields = prefetchTxFields(client, chain, sender);
    const spender = resolveContract(ctx.config, chain, body.contract, ["body", "contract"]);
    const token = await resolveErc20(ctx.config, client, chain, body.token, ["body", "token"]);
    const amount = parseUnitsExact(body.amount, token.decimals);
    if (amount === null)
      throw fieldError(
        ["body", "amount"],
        `${token.symbol} has ${token.decimals} decimals; ${body.amount} has more`,
      );
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] });
    return {
      transaction: await senderTransaction(client, chain, { from: sender, to: token.address, data }, fields, {
        estimateGas: body.estimate_gas,
        refusal: `${token.symbol} refuses the approval`,
      }),
    };
  },
});
