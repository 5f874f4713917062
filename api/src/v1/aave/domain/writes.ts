import { aavePoolAbi } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex } from "viem";
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
import {
  type AaveV1Market,
  aaveV1Market,
  decimalString,
  pickReserve,
  type ReserveAt,
  readReservesAt,
} from "./market.ts";

/**
 * The v1 Aave writes: one pool call the sender signs (supply, borrow, repay, withdraw), simulated from the
 * sender for the next block. What the pool would refuse comes back as a 422 before anything is signed: the
 * balance and allowance a supply pulls are checked first, and Aave's numeric error codes are named.
 */

export type AaveAction = "supply" | "borrow" | "repay" | "withdraw";

/** Aave v3's Errors.sol codes a user meets, with what they mean. */
const AAVE_ERRORS: Record<string, string> = {
  "26": "INVALID_AMOUNT: the amount must be greater than 0",
  "27": "RESERVE_INACTIVE",
  "28": "RESERVE_FROZEN: no new supply or borrow",
  "29": "RESERVE_PAUSED",
  "30": "BORROWING_NOT_ENABLED",
  "31": "STABLE_BORROWING_NOT_ENABLED",
  "32": "NOT_ENOUGH_AVAILABLE_USER_BALANCE: more than the position holds or the reserve's cash",
  "34": "COLLATERAL_BALANCE_IS_ZERO: nothing supplied as collateral",
  "35": "HEALTH_FACTOR_LOWER_THAN_LIQUIDATION_THRESHOLD",
  "36": "COLLATERAL_CANNOT_COVER_NEW_BORROW: not enough collateral for this borrow",
  "39": "NO_DEBT_OF_SELECTED_TYPE: nothing owed at this rate mode",
  "40": "NO_EXPLICIT_AMOUNT_TO_REPAY_ON_BEHALF",
  "43": "UNDERLYING_BALANCE_ZERO",
  "51": "SUPPLY_CAP_EXCEEDED",
  "50": "BORROW_CAP_EXCEEDED",
  "57": "LTV_VALIDATION_FAILED",
};

export async function buildAaveWrite(input: {
  market: AaveV1Market;
  action: AaveAction;
  reserve: ReserveAt;
  sender: Address;
  amount: string;
  /** supply/borrow/repay: whose position; withdraw: the recipient */
  counterparty: Address;
  rateMode?: "stable" | "variable";
  estimateGas: boolean;
}): Promise<UnsignedTx> {
  const { market, action, reserve, sender } = input;
  const { client } = market;
  if (input.rateMode === "stable" && action === "borrow")
    throw fieldError(
      ["body", "interest_rate_mode"],
      `stable-rate borrowing is not enabled on ${reserve.symbol} (Aave: STABLE_BORROWING_NOT_ENABLED); use variable`,
    );
  const raw = toRawAmount(input.amount, reserve.decimals, ["body", "amount"], reserve.symbol);
  const mode = input.rateMode === "stable" ? 1n : 2n;
  const fields = prefetchTxFields(client, market.chain, sender);
  if (action === "supply") await assertPullable(market, reserve, sender, raw);
  const data: Hex =
    action === "supply"
      ? encodeFunctionData({
          abi: aavePoolAbi,
          functionName: "supply",
          args: [reserve.asset, raw, input.counterparty, 0],
        })
      : action === "borrow"
        ? encodeFunctionData({
            abi: aavePoolAbi,
            functionName: "borrow",
            args: [reserve.asset, raw, mode, 0, input.counterparty],
          })
        : action === "repay"
          ? encodeFunctionData({
              abi: aavePoolAbi,
              functionName: "repay",
              args: [reserve.asset, raw, mode, input.counterparty],
            })
          : encodeFunctionData({
              abi: aavePoolAbi,
              functionName: "withdraw",
              args: [reserve.asset, raw, input.counterparty],
            });
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
async function assertPullable(market: AaveV1Market, reserve: ReserveAt, sender: Address, amount: bigint) {
  const [balance, allowance] = await market.client.multicall({
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
      `the sender holds ${decimalString(balance, reserve.decimals)} ${reserve.symbol}, less than ${decimalString(amount, reserve.decimals)}`,
    );
  if (allowance < amount)
    throw fieldError(
      ["body", "amount"],
      `the sender has approved the Aave pool (${market.pool}) for ${decimalString(allowance, reserve.decimals)} ${reserve.symbol}; approve at least ${decimalString(amount, reserve.decimals)} first`,
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
  const market = aaveV1Market(ctx.config, body.chain, client);
  const reserve = pickReserve(await readReservesAt(market, "latest"), body.token, market, ["body", "token"]);
  const sender = getAddress(body.sender) as Address;
  const counterparty = getAddress(action === "withdraw" ? body.recipient! : (body.on_behalf_of ?? sender));
  return {
    transaction: await buildAaveWrite({
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
