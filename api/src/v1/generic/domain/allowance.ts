import { type Address, encodeFunctionData, erc20Abi, formatUnits, getAddress } from "viem";
import type { z } from "zod";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { prefetchTxFields, senderTransaction } from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { parseUnitsExact } from "../../../kernel/lib/decimal.ts";
import type { AllowanceQuery, SetAllowanceRequest } from "../schemas.ts";
import { resolveContract } from "./contracts.ts";

/** GET /v1/generic/allowance: how much of `token` `user` lets `contract` (a name or an address) spend. */
export async function readAllowance(ctx: Context, query: z.output<typeof AllowanceQuery>) {
  const { chain } = query;
  const client = ctx.services.chains.get(chain, ["query", "chain"]);
  const spender = resolveContract(ctx.config, chain, query.contract, ["query", "contract"]);
  const token = await resolveErc20(ctx.config, client, chain, query.token, ["query", "token"]);
  const amount = await client
    .readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: "allowance",
      args: [getAddress(query.user), spender],
    })
    .catch((e) => rethrowRpc(chain, e));
  return {
    amount: formatUnits(amount, token.decimals),
    decimals: token.decimals,
    token_symbol: token.symbol,
    token_address: token.address,
    contract_address: spender,
  };
}

/** POST /v1/generic/allowance/set: `sender`'s ERC-20 approve of `amount` for `contract`, simulated (0 revokes). */
export async function buildSetAllowance(ctx: Context, body: z.output<typeof SetAllowanceRequest>) {
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
}
