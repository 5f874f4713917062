import { type Address, formatUnits, getAddress } from "viem";
import { assertPullable, resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError, type Loc, UpstreamError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type OdosPorts, OdosRefusal } from "../../../protocols/aggregators/index.ts";

const AMOUNT: Loc = ["body", "amount"];

/**
 * A swap through Odos for the sender: Odos's router (its `/info/router/v2`) must be approved for the amount, Odos
 * quotes the route with the slippage as its limit, the quote's path is assembled into the router call, and that
 * call is simulated from the sender before it is returned. What Odos refuses (no route) is a 422 on the amount.
 */
export async function odosSwap(
  ctx: Context<OdosPorts>,
  body: {
    chain: ChainName;
    sender: string;
    estimate_gas: boolean;
    token_in: string;
    token_out: string;
    amount: string;
    max_slippage_percent: number;
  },
) {
  const { chain } = body;
  const client = ctx.services.chains.get(chain, ["body", "chain"]);
  const [tokenIn, tokenOut] = await Promise.all([
    resolveErc20(ctx.config, client, chain, body.token_in, ["body", "token_in"]),
    resolveErc20(ctx.config, client, chain, body.token_out, ["body", "token_out"]),
  ]);
  if (tokenIn.address === tokenOut.address)
    throw fieldError(["body", "token_out"], "token_out must differ from token_in");
  const sender = getAddress(body.sender) as Address;
  const amount = toRawAmount(body.amount, tokenIn.decimals, AMOUNT, tokenIn.symbol);
  const fields = prefetchTxFields(client, chain, sender);
  const { odos } = ctx.services;
  const chainId = client.chain!.id;
  const router = await odos.router(chainId);
  await assertPullable(client, chain, {
    token: tokenIn,
    owner: sender,
    spender: router,
    spenderName: "OdosRouter",
    amount,
    loc: AMOUNT,
  });
  try {
    const quote = await odos.quote({
      chainId,
      src: tokenIn.address,
      dst: tokenOut.address,
      amount,
      user: sender,
      slippagePercent: body.max_slippage_percent,
    });
    const tx = await odos.assemble(sender, quote.pathId);
    if (getAddress(tx.to) !== getAddress(router))
      throw new UpstreamError(
        "odos",
        `Odos assembled a call to ${tx.to}, not its router ${router}`,
        "Odos unavailable",
      );
    const transaction = await senderTransaction(
      client,
      chain,
      { from: sender, to: tx.to, data: tx.data, value: tx.value },
      fields,
      {
        estimateGas: body.estimate_gas,
        refusal: "Odos's router refuses the swap",
      },
    );
    return { transaction, amount_out_quote: formatUnits(quote.amountOut, tokenOut.decimals) };
  } catch (error) {
    if (error instanceof OdosRefusal)
      throw fieldError(AMOUNT, `Odos cannot route this swap: ${error.message}`);
    throw error;
  }
}
