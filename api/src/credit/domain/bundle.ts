import { aavePoolAbi } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, type PublicClient } from "viem";
import type { LogReader } from "../../chain/log-reader.ts";
import type { Config } from "../../config/env.ts";
import { type AggregatorClient, type SharedBundleAction, sharedBundleActionCalls } from "../../earn/index.ts";
import { fieldError, type Loc } from "../../errors.ts";
import { toRawAmount } from "../../lib/amounts.ts";
import { type AccountCall, simulateAsAccount } from "../../product-accounts/index.ts";
import type { ChainName } from "../../schemas/common.ts";
import {
  type AaveCreditMarket,
  assertOpen,
  type CreditReserve,
  findReserve,
  readAaveAccount,
} from "./aave.ts";
import { type CreditFeeInput, feeCall } from "./borrow.ts";

/**
 * The Credit Account's calls for a bundle (spec product-accounts §5), in order: the shared actions (Permit2 pull
 * from the owner, a swap through the aggregator, a payout to the owner) and the credit ones on Aave v3 —
 * supply, withdraw, borrow (less an optional fee), repay, enable as collateral, a transfer out once nothing is
 * owed. Each action is checked on its own against the pool's state (reserve open, borrowing enabled, token
 * listed; its fields named by their place in `actions`), amounts are not held to today's balances (an earlier
 * action may bring them), and the whole is simulated as one SafeTx.
 */

type Identification = {
  protocol?: "AAVE" | "MORPHO" | "EULER";
  market_id?: string | null;
  collateral_vault?: string | null;
  borrow_vault?: string | null;
  sub_account_id?: number | null;
};
export type CreditBundleAction =
  | SharedBundleAction
  | ({ action_type: "CREDIT_SUPPLY" | "CREDIT_WITHDRAW"; token: string; amount: string } & Identification)
  | ({
      action_type: "CREDIT_BORROW";
      token: string;
      amount: string;
      interest_rate_mode?: "stable" | "variable" | null;
      fee?: CreditFeeInput | null;
    } & Identification)
  | ({
      action_type: "CREDIT_REPAY";
      token: string;
      amount: string;
      interest_rate_mode?: "stable" | "variable" | null;
    } & Identification)
  | ({ action_type: "CREDIT_ENABLE_COLLATERAL"; token: string } & Identification)
  | ({
      action_type: "CREDIT_TRANSFER_TO_ADDRESS";
      token: string;
      amount: string;
      recipient: Address;
    } & Identification);

export interface CreditBundleInput {
  config: Config;
  aggregator: AggregatorClient;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  market: AaveCreditMarket;
  owner: Address;
  account: Address;
  actions: CreditBundleAction[];
}

export async function creditBundleCalls(input: CreditBundleInput): Promise<AccountCall[]> {
  const { reserves } = await readAaveAccount(input.client, input.market, input.account);
  const parts = await Promise.all(
    input.actions.map((action, i) => actionCalls(input, reserves, action, ["body", "actions", i, "body"])),
  );
  const calls = parts.flat();
  const transfersOut = input.actions
    .map((a, i) => [a, i] as const)
    .filter(([a]) => a.action_type === "CREDIT_TRANSFER_TO_ADDRESS");
  if (transfersOut.length) await assertNothingOwedAfter(input, calls, transfersOut[0]![1]);
  return calls;
}

async function actionCalls(
  input: CreditBundleInput,
  reserves: CreditReserve[],
  action: CreditBundleAction,
  loc: Loc,
): Promise<AccountCall[]> {
  if (!action.action_type.startsWith("CREDIT_"))
    return sharedBundleActionCalls(input, action as SharedBundleAction, loc);
  const a = action as Exclude<CreditBundleAction, SharedBundleAction>;
  if ((a.protocol ?? "AAVE") !== "AAVE")
    throw fieldError(
      [...loc, "protocol"],
      `${a.protocol} actions are not available in credit bundles on this deployment yet; use AAVE`,
    );
  const { market, account } = input;
  const r = findReserve(reserves, a.token, input.chain, [...loc, "token"]);
  const amountOf = (text: string) => toRawAmount(text, r.decimals, [...loc, "amount"], r.symbol);
  const pool = (functionName: string, args: readonly unknown[]): AccountCall => ({
    to: market.pool,
    data: encodeFunctionData({ abi: aavePoolAbi, functionName, args } as never),
  });
  const approve = (amount: bigint): AccountCall => ({
    to: r.asset,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [market.pool, amount] }),
  });
  switch (a.action_type) {
    case "CREDIT_SUPPLY": {
      assertOpen(r, "supply", [...loc, "token"]);
      const amount = amountOf(a.amount);
      return [approve(amount), pool("supply", [r.asset, amount, account, 0])];
    }
    case "CREDIT_WITHDRAW": {
      assertOpen(r, "withdraw", [...loc, "token"]);
      return [pool("withdraw", [r.asset, amountOf(a.amount), account])];
    }
    case "CREDIT_BORROW": {
      assertOpen(r, "borrow", [...loc, "token"]);
      if (a.interest_rate_mode === "stable")
        throw fieldError(
          [...loc, "interest_rate_mode"],
          "stable-rate borrowing is not enabled on any reserve of this market; use variable",
        );
      if (!r.borrowingEnabled)
        throw fieldError(
          [...loc, "token"],
          `${r.symbol} cannot be borrowed on Aave v3 (BORROWING_NOT_ENABLED)`,
        );
      const amount = amountOf(a.amount);
      const fee = feeCall(a.fee, { address: r.asset, symbol: r.symbol, decimals: r.decimals }, amount, [
        ...loc,
        "fee",
        "amount",
      ]);
      return [pool("borrow", [r.asset, amount, 2n, 0, account]), ...(fee ? [fee.call] : [])];
    }
    case "CREDIT_REPAY": {
      assertOpen(r, "repay", [...loc, "token"]);
      const amount = amountOf(a.amount);
      return [approve(amount), pool("repay", [r.asset, amount, 2n, account]), approve(0n)];
    }
    case "CREDIT_ENABLE_COLLATERAL": {
      if (r.ltvBps === 0n)
        throw fieldError([...loc, "token"], `${r.symbol} cannot be collateral on Aave v3 (its LTV is 0)`);
      return [pool("setUserUseReserveAsCollateral", [r.asset, true])];
    }
    case "CREDIT_TRANSFER_TO_ADDRESS":
      return [
        {
          to: r.asset,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "transfer",
            args: [a.recipient, amountOf(a.amount)],
          }),
        },
      ];
  }
}

/**
 * A transfer out of the Credit Account is for an account that owes nothing (spec): the bundle is run as the
 * account up to that action, and the pool's account data read there.
 */
async function assertNothingOwedAfter(input: CreditBundleInput, calls: AccountCall[], index: number) {
  const probe = [
    ...calls,
    {
      to: input.market.pool,
      data: encodeFunctionData({
        abi: aavePoolAbi,
        functionName: "getUserAccountData",
        args: [input.account],
      }),
    },
  ];
  const results = await simulateAsAccount(input.client, input.chain, input.account, probe);
  const last = results.at(-1)!;
  const failed = results.findIndex((r) => !r.success);
  if (failed >= 0 && failed < calls.length) return; // the whole-bundle simulation names it
  const debtUsd8 = BigInt(`0x${last.returnData.slice(66, 130)}`);
  if (debtUsd8 > 0n)
    throw fieldError(
      ["body", "actions", index, "body", "action_type"],
      `CREDIT_TRANSFER_TO_ADDRESS moves tokens out of the Credit Account, which still owes about ${(Number(debtUsd8) / 1e8).toFixed(2)} USD on Aave v3 after the bundle; repay it all first`,
    );
}
