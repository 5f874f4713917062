import { type Address, encodeFunctionData, erc20Abi, type Hex, type PublicClient } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { resolveErc20 } from "../../kernel/chain/erc20.ts";
import type { Config } from "../../kernel/config/env.ts";
import type { Loc } from "../../kernel/errors.ts";
import { toRawAmount } from "../../kernel/lib/amounts.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { type SwapAggregator, swapCalls } from "../../protocols/aggregators/index.ts";
import { permit2PullCall } from "./permit2.ts";

/** The bundle actions every product's bundle takes (spec product-accounts §5: earn and credit). */
export type SharedBundleAction =
  | {
      action_type: "V2_SWAP";
      token_in: string;
      token_out: string;
      amount_in: string;
      slippage?: string | null;
    }
  | {
      action_type: "V2_TRANSFER_FROM_EOA";
      token: string;
      amount: string;
      permit2_signature: string;
      permit2_nonce: bigint;
      permit2_deadline: bigint;
    }
  | { action_type: "V2_TRANSFER_TO_EOA"; token: string; amount: string };

/** What a shared bundle action needs to know of the request (a product's own bundle input has it all). */
export interface SharedBundleInput {
  config: Config;
  aggregator: SwapAggregator;
  client: PublicClient;
  chain: ChainName;
  owner: Address;
  account: Address;
}

/**
 * The calls of one shared action: a Permit2 pull from the owner (spender: the account), a swap through the
 * aggregator whose proceeds stay in the account, a payout to the owner. Amounts are not held to today's balances
 * (an earlier action may bring them): the whole bundle's simulation decides.
 */
export async function sharedBundleActionCalls(
  input: SharedBundleInput,
  action: SharedBundleAction,
  loc: Loc,
): Promise<Call[]> {
  switch (action.action_type) {
    case "V2_SWAP":
      return (await swapCalls({ ...input, checkBalance: false }, { ...action, loc })).calls;
    case "V2_TRANSFER_FROM_EOA": {
      const token = await resolveErc20(input.config, input.client, input.chain, action.token, [
        ...loc,
        "token",
      ]);
      const amount = toRawAmount(action.amount, token.decimals, [...loc, "amount"], token.symbol);
      return [
        permit2PullCall({
          token: token.address,
          amount,
          owner: input.owner,
          account: input.account,
          nonce: action.permit2_nonce,
          deadline: action.permit2_deadline,
          signature: action.permit2_signature as Hex,
        }),
      ];
    }
    case "V2_TRANSFER_TO_EOA":
      return [await payoutCall(input, action.token, action.amount, input.owner, loc)];
  }
}

/** The account pays `amount` (human units) of `token` (a symbol or address) to `to`. */
export async function payoutCall(
  input: Pick<SharedBundleInput, "config" | "client" | "chain">,
  tokenText: string,
  amountText: string,
  to: Address,
  loc: Loc,
): Promise<Call> {
  const token = await resolveErc20(input.config, input.client, input.chain, tokenText, [...loc, "token"]);
  const amount = toRawAmount(amountText, token.decimals, [...loc, "amount"], token.symbol);
  return {
    to: token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
  };
}
