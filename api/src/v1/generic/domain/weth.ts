import { WETH, weth9Abi } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, formatUnits, getAddress } from "viem";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";

type Body = {
  chain: "arbitrum" | "base" | "ethereum";
  sender: string;
  amount: string;
  estimate_gas: boolean;
};

/**
 * ETH into WETH (`deposit()` with the amount as value) or back (`withdraw(amount)`), on the chain's WETH9 at its
 * canonical address, for the sender to sign. More than the sender holds is a 422 (for a wrap, with the gas too).
 */
export async function wethWrite(kind: "wrap" | "unwrap", body: Body, ctx: Context) {
  const { chain } = body;
  const client = ctx.services.chains.get(chain, ["body", "chain"]);
  const weth = WETH[chain];
  if (!weth) throw fieldError(["body", "chain"], `No WETH on ${chain}`);
  const sender = getAddress(body.sender) as Address;
  const fields = prefetchTxFields(client, chain, sender);
  const amount = toRawAmount(body.amount, 18, ["body", "amount"], kind === "wrap" ? "ETH" : weth.symbol);
  // the ETH balance is the one the transaction fields read (in their Multicall3 eth_call), not a call of its own
  const held = await (kind === "wrap"
    ? fields.then((f) => f.balance)
    : client.readContract({
        blockTag: NEXT_BLOCK,
        address: weth.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [sender],
      })
  ).catch((e) => rethrowRpc(chain, e));
  const what = kind === "wrap" ? "ETH" : weth.symbol;
  if (held < amount)
    throw fieldError(
      ["body", "amount"],
      `the sender holds ${formatUnits(held, 18)} ${what}, less than ${body.amount}`,
    );
  const data =
    kind === "wrap"
      ? encodeFunctionData({ abi: weth9Abi, functionName: "deposit" })
      : encodeFunctionData({ abi: weth9Abi, functionName: "withdraw", args: [amount] });
  return {
    transaction: await senderTransaction(
      client,
      chain,
      { from: sender, to: weth.address, data, value: kind === "wrap" ? amount : 0n },
      fields,
      { estimateGas: body.estimate_gas, refusal: `WETH9 refuses the ${kind}` },
    ),
  };
}
