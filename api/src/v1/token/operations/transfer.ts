import { type Address, encodeFunctionData, erc20Abi, formatUnits, getAddress } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { Address as AddressField, amountUnion, TokenRef } from "../../../kernel/schemas/common.ts";
import { V1TransactionResponse, v1Write } from "../../../kernel/schemas/v1.ts";

export const transfer = defineOperation({
  method: "POST",
  path: "/v1/token/transfer",
  summary: "Transfer Tokens",
  description:
    "A transaction for `sender` that sends `amount` of `token` (an ERC-20 by symbol or address, or `ETH`, the native coin) to `to`. More than the sender holds is a 422.",
  body: v1Write("TOKEN_TRANSFER", {
    to: AddressField.describe("the recipient").meta({
      examples: ["0x29F20a192328eF1aD35e1564aBFf4Be9C5ce5f7B"],
    }),
    token: TokenRef("the symbol or address of the token to send; ETH for the native coin"),
    amount: amountUnion({ description: "human units", example: "1.5" }),
  }).meta({ id: "TokenTransferRequest" }),
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ body }, ctx) {
    const { chain } = body;
    const client = ctx.services.chains.get(chain, ["body", "chain"]);
    const sender = getAddress(body.sender) as Address;
    const to = getAddress(body.to) as Address;
    const fields = prefetchTxFields(client, chain, sender);
    const loc = ["body", "amount"];
    if (body.token.toUpperCase() === "ETH") {
      const amount = toRawAmount(body.amount, 18, loc, "ETH");
      // the balance the transaction fields read (in their Multicall3 eth_call), not a call of its own
      const balance = (await fields).balance;
      if (balance < amount)
        throw fieldError(loc, `the sender holds ${formatUnits(balance, 18)} ETH, less than ${body.amount}`);
      return {
        transaction: await senderTransaction(
          client,
          chain,
          { from: sender, to, data: "0x", value: amount },
          fields,
          {
            estimateGas: body.estimate_gas,
            refusal: `${to} refuses the ETH`,
          },
        ),
      };
    }
    const token = await resolveErc20(ctx.config, client, chain, body.token, ["body", "token"]);
    const amount = toRawAmount(body.amount, token.decimals, loc, token.symbol);
    const balance = await client
      .readContract({
        blockTag: NEXT_BLOCK,
        address: token.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [sender],
      })
      .catch((e) => rethrowRpc(chain, e));
    if (balance < amount)
      throw fieldError(
        loc,
        `the sender holds ${formatUnits(balance, token.decimals)} ${token.symbol}, less than ${body.amount}`,
      );
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] });
    return {
      transaction: await senderTransaction(client, chain, { from: sender, to: token.address, data }, fields, {
        estimateGas: body.estimate_gas,
        refusal: `${token.symbol} refuses the transfer`,
      }),
    };
  },
});
