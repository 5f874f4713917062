import { type Address, encodeFunctionData, erc20Abi, type Hex, type PublicClient } from "viem";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import type { Config } from "../../../kernel/config/env.ts";
import type { Loc } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { type AccountCall, permit2PullCall } from "../../../product-accounts/index.ts";
import { type SwapAggregator, swapCalls } from "../../../protocols/aggregators/index.ts";
import { type ManageFee, type ManageVenue, manageCalls } from "./manage.ts";

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

export type BundleAction =
  | SharedBundleAction
  | {
      action_type: "V2_MANAGE";
      venue: ManageVenue;
      action: "DEPOSIT" | "WITHDRAW";
      amount: string;
      fee?: ManageFee | null;
    }
  | { action_type: "V2_TRANSFER_TO_ADDRESS"; token: string; amount: string; recipient: Address };

/** What a shared bundle action needs to know of the request (a product's own bundle input has it all). */
export type SharedBundleInput = Omit<BundleInput, "actions">;

export interface BundleInput {
  config: Config;
  aggregator: SwapAggregator;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  owner: Address;
  account: Address;
  actions: BundleAction[];
}

/**
 * The account's calls for a bundle (spec product-accounts §5), in order: tokens pulled from the owner with a
 * Permit2 signature whose spender is the account, venue deposits and withdrawals, payouts. Each action is
 * checked on its own (its fields named by their place in `actions`); the whole is then simulated as one
 * SafeTx, so an action that needs what an earlier one brings is judged with it.
 */
export async function bundleCalls(input: BundleInput): Promise<AccountCall[]> {
  const parts = await Promise.all(
    input.actions.map((action, i) => actionCalls(input, action, ["body", "actions", i, "body"])),
  );
  return parts.flat();
}

async function actionCalls(input: BundleInput, action: BundleAction, loc: Loc): Promise<AccountCall[]> {
  switch (action.action_type) {
    case "V2_MANAGE":
      return manageCalls({ ...input, ...action, loc, checkBalance: false });
    case "V2_TRANSFER_TO_ADDRESS":
      return [await transferCall(input, action.token, action.amount, action.recipient, loc)];
    default:
      return sharedBundleActionCalls(input, action, loc);
  }
}

/** The calls of one shared action: a Permit2 pull from the owner, a swap, a payout to the owner. */
export async function sharedBundleActionCalls(
  input: SharedBundleInput,
  action: SharedBundleAction,
  loc: Loc,
): Promise<AccountCall[]> {
  const erc20 = (text: string) =>
    resolveErc20(input.config, input.client, input.chain, text, [...loc, "token"]);
  switch (action.action_type) {
    case "V2_SWAP":
      return (await swapCalls({ ...input, checkBalance: false }, { ...action, loc })).calls;
    case "V2_TRANSFER_FROM_EOA": {
      const token = await erc20(action.token);
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
      return [await transferCall(input, action.token, action.amount, input.owner, loc)];
  }
}

async function transferCall(
  input: SharedBundleInput,
  tokenText: string,
  amountText: string,
  to: Address,
  loc: Loc,
): Promise<AccountCall> {
  const token = await resolveErc20(input.config, input.client, input.chain, tokenText, [...loc, "token"]);
  const amount = toRawAmount(amountText, token.decimals, [...loc, "amount"], token.symbol);
  return {
    to: token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
  };
}
