import { type Address, encodeFunctionData, erc20Abi, formatUnits, getAddress } from "viem";
import type { z } from "zod";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import type { TokenTransferRequest } from "../schemas.ts";

/**
 * POST /v1/token/transfer: `sender`'s transfer of `amount` of `token` (an ERC-20, or ETH) to `to`, simulated; more
 * than the sender holds is a 422 on `amount`.
 */
export async function buildTokenTransfer(ctx: Context, body: z.output<typeof TokenTransferRequest>) {
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
}
