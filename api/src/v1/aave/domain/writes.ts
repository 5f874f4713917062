import { type Address, erc20Abi, getAddress, type Hex, type PublicClient } from "viem";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import { describeRevert, RevertError } from "../../../kernel/chain/revert.ts";
import {
  buildUnsignedTransaction,
  prefetchTxFields,
  type UnsignedTx,
} from "../../../kernel/chain/transaction.ts";
import type { Context } from "../../../kernel/context.ts";
import { fieldError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import {
  AAVE_ERRORS,
  type AaveMarket,
  type AaveReserve,
  aaveBorrowCall,
  aaveRepayCall,
  aaveSupplyCall,
  aaveWithdrawCall,
  STABLE_RATE,
  VARIABLE_RATE,
} from "../../../protocols/aave/index.ts";
import { v1Market } from "./context.ts";
import { reserveAt } from "./reserves.ts";

/**
 * The v1 Aave writes: one pool call the sender signs (supply, borrow, repay, withdraw), simulated from the
 * sender for the next block. What the pool would refuse comes back as a 422 before anything is signed: the
 * balance and allowance a supply pulls are checked first, and Aave's numeric error codes are named.
 */

export type AaveAction = "supply" | "borrow" | "repay" | "withdraw";

export async function buildAaveWrite(input: {
  client: PublicClient;
  market: AaveMarket;
  action: AaveAction;
  reserve: AaveReserve;
  sender: Address;
  amount: string;
  /** supply/borrow/repay: whose position; withdraw: the recipient */
  counterparty: Address;
  rateMode?: "stable" | "variable";
  estimateGas: boolean;
}): Promise<UnsignedTx> {
  const { client, market, action, reserve, sender } = input;
  if (input.rateMode === "stable" && action === "borrow")
    throw fieldError(
      ["body", "interest_rate_mode"],
      `stable-rate borrowing is not enabled on ${reserve.symbol} (Aave: STABLE_BORROWING_NOT_ENABLED); use variable`,
    );
  const raw = toRawAmount(input.amount, reserve.decimals, ["body", "amount"], reserve.symbol);
  const mode = input.rateMode === "stable" ? STABLE_RATE : VARIABLE_RATE;
  const fields = prefetchTxFields(client, market.chain, sender);
  if (action === "supply") await assertPullable(client, market, reserve, sender, raw);
  const { data }: { data: Hex } =
    action === "supply"
      ? aaveSupplyCall(market, reserve.asset, raw, input.counterparty)
      : action === "borrow"
        ? aaveBorrowCall(market, reserve.asset, raw, input.counterparty, mode)
        : action === "repay"
          ? aaveRepayCall(market, reserve.asset, raw, input.counterparty, mode)
          : aaveWithdrawCall(market, reserve.asset, raw, input.counterparty);
  return buildUnsignedTransaction(client, market.chain, { from: sender, to: market.pool, data }, fields, {
    estimateGas: input.estimateGas,
    senderLoc: ["body", "sender"],
    explain: (revert) => {
      const reason = describeRevert(revert);
      const known = AAVE_ERRORS[reason];
      throw known
        ? fieldError(["body", "amount"], `Aave refuses the ${action}: ${known} (error ${reason})`)
        : new RevertError(reason);
    },
  });
}

/**
 * A supply pulls the token from the sender: it must hold it and have approved the pool. (A repay may name more
 * than is owed and pulls only the debt: the simulation judges it.)
 */
async function assertPullable(
  client: PublicClient,
  market: AaveMarket,
  reserve: AaveReserve,
  sender: Address,
  amount: bigint,
) {
  const [balance, allowance] = await client.multicall({
    allowFailure: false,
    blockTag: NEXT_BLOCK,
    contracts: [
      { address: reserve.asset, abi: erc20Abi, functionName: "balanceOf", args: [sender] },
      { address: reserve.asset, abi: erc20Abi, functionName: "allowance", args: [sender, market.pool] },
    ],
  });
  if (balance < amount)
    throw fieldError(
      ["body", "amount"],
      `the sender holds ${formatDecimal(balance, reserve.decimals)} ${reserve.symbol}, less than ${formatDecimal(amount, reserve.decimals)}`,
    );
  if (allowance < amount)
    throw fieldError(
      ["body", "amount"],
      `the sender has approved the Aave pool (${market.pool}) for ${formatDecimal(allowance, reserve.decimals)} ${reserve.symbol}; approve at least ${formatDecimal(amount, reserve.decimals)} first`,
    );
}

type WriteBody = {
  chain: "arbitrum" | "base" | "ethereum";
  sender: string;
  token: string;
  amount: string;
  estimate_gas: boolean;
  interest_rate_mode?: "stable" | "variable";
  on_behalf_of?: string | null;
  recipient?: string;
};

/** One pool write for the sender: the reserve looked up at the head, the transaction built and simulated. */
export async function aaveWrite(action: AaveAction, body: WriteBody, ctx: Context) {
  const client = ctx.services.chains.get(body.chain, ["body", "chain"]);
  const market = v1Market(ctx.config, body.chain);
  const reserve = await reserveAt(client, market, "latest", body.token, ["body", "token"]);
  const sender = getAddress(body.sender) as Address;
  const counterparty = getAddress(action === "withdraw" ? body.recipient! : (body.on_behalf_of ?? sender));
  return {
    transaction: await buildAaveWrite({
      client,
      market,
      action,
      reserve,
      sender,
      amount: body.amount,
      counterparty,
      rateMode: body.interest_rate_mode,
      estimateGas: body.estimate_gas,
    }),
  };
}
