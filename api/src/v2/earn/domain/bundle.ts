import type { Address, PublicClient } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import type { Config } from "../../../kernel/config/env.ts";
import type { Loc } from "../../../kernel/errors.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type AccountCall,
  type ActionEnvelope,
  payoutCall,
  type SharedBundleAction,
  sharedBundleActionCalls,
} from "../../../product-accounts/index.ts";
import type { SwapAggregator } from "../../../protocols/aggregators/index.ts";
import { earnAccountAction } from "./account-action.ts";
import { EARN_REVERT_ABIS, type ManageFee, type ManageVenue, manageCalls } from "./manage.ts";

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
 * POST /v2/earn/bundle: the actions' calls (bundleCalls) as one action of the owner's Earn Account, which must
 * exist; `actions_count` is the number of calls bundled.
 */
export async function buildBundle(
  input: Omit<BundleInput, "account"> & { sponsored: boolean },
): Promise<ActionEnvelope & { actions_count: number }> {
  const { client, chain, owner, sponsored } = input;
  const { built, ...envelope } = await earnAccountAction(
    { client, chain, owner, sponsored, abis: EARN_REVERT_ABIS },
    async (account) => ({ calls: await bundleCalls({ ...input, account }) }),
  );
  return { ...envelope, actions_count: built.calls.length };
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
      return [await payoutCall(input, action.token, action.amount, action.recipient, loc)];
    default:
      return sharedBundleActionCalls(input, action, loc);
  }
}
