import { morphoBlueAbi } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi, type PublicClient } from "viem";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { fieldError, type Loc, RequestValidationError } from "../../../kernel/errors.ts";
import { toRawAmount } from "../../../kernel/lib/amounts.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type AccountCall,
  type SharedBundleAction,
  sharedBundleActionCalls,
  simulateAsAccount,
} from "../../../product-accounts/index.ts";
import {
  type AaveMarket,
  aaveAccountDataCall,
  aaveBorrowCall,
  aaveCollateralCall,
  aaveRepayCall,
  aaveSupplyCall,
  aaveWithdrawCall,
  approveCall,
  assertAaveReserveOpen,
  decodeAaveAccountData,
  findAaveReserve,
  readAaveAccount,
} from "../../../protocols/aave/index.ts";
import type { SwapAggregator } from "../../../protocols/aggregators/index.ts";
import type { MorphoMarket } from "../../../protocols/morpho/index.ts";
import { type CreditFeeInput, feeCall } from "./borrow.ts";
import type { CreditReserve } from "./reserve.ts";
import { morphoVenue, type VenuePosition } from "./venue.ts";

/**
 * The Credit Account's calls for a bundle (spec product-accounts §5), in order: the shared actions (Permit2 pull
 * from the owner, a swap through the aggregator, a payout to the owner) and the credit ones on Aave v3 or in a
 * Morpho Blue market (`protocol` MORPHO with its `market_id`) — supply, withdraw, borrow (less an optional fee),
 * repay, enable as collateral (Aave), a transfer out once nothing is owed on either. Each action is checked on its own against the pool's state (reserve open, borrowing enabled, token
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
  aggregator: SwapAggregator;
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  market: AaveMarket;
  owner: Address;
  account: Address;
  actions: CreditBundleAction[];
}

export async function creditBundleCalls(input: CreditBundleInput): Promise<AccountCall[]> {
  const { reserves } = await readAaveAccount(input.client, input.market, input.account);
  // each Morpho market the bundle names, read once: its actions build on one position, in order
  const morpho = new Map<string, Promise<MorphoMarketActions>>();
  input.actions.forEach((action, i) => {
    const a = action as Partial<Identification>;
    if (a.protocol !== "MORPHO" || morpho.has(a.market_id ?? "")) return;
    const loc: Loc = ["body", "actions", i, "body", "market_id"];
    morpho.set(a.market_id ?? "", morphoMarketActions(input, a.market_id, loc));
  });
  const markets = new Map<string, MorphoMarketActions>();
  for (const [id, read] of morpho) markets.set(id, await read);
  const parts: AccountCall[][] = [];
  for (const [i, action] of input.actions.entries())
    parts.push(await actionCalls(input, reserves, markets, action, ["body", "actions", i, "body"]));
  const calls = parts.flat();
  const transfersOut = input.actions
    .map((a, i) => [a, i] as const)
    .filter(([a]) => a.action_type === "CREDIT_TRANSFER_TO_ADDRESS");
  if (transfersOut.length)
    await assertNothingOwedAfter(input, calls, transfersOut[0]![1], [...markets.values()]);
  return calls;
}

/** Pay `amount` of `token` out of the account to `recipient` (checked afterwards: nothing may be owed). */
const transferCall = (token: Address, recipient: Address, amount: bigint): AccountCall => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient, amount] }),
});

interface MorphoMarketActions {
  market: MorphoMarket;
  position: VenuePosition;
}

async function morphoMarketActions(
  input: CreditBundleInput,
  marketId: string | null | undefined,
  loc: Loc,
): Promise<MorphoMarketActions> {
  try {
    const venue = await morphoVenue({ ...input, marketId });
    return { market: venue.market, position: await venue.read(input.account, {}) };
  } catch (error) {
    // the market is named by the action that first names it
    if (error instanceof RequestValidationError)
      throw new RequestValidationError(error.issues.map((issue) => ({ ...issue, loc })));
    throw error;
  }
}

/**
 * A Morpho action in the market it names: the market's collateral is posted and withdrawn, its loan token
 * borrowed and repaid (all of it by shares when the amount covers the debt).
 */
function morphoActionCalls(
  _input: CreditBundleInput,
  { market: m, position }: MorphoMarketActions,
  a: Exclude<CreditBundleAction, SharedBundleAction>,
  loc: Loc,
): AccountCall[] {
  const same = (token: { address: Address; symbol: string }) =>
    /^0x/i.test(a.token)
      ? a.token.toLowerCase() === token.address.toLowerCase()
      : a.token.toUpperCase() === token.symbol.toUpperCase();
  const side = same(m.collateral) ? "collateral" : same(m.loan) ? "loan" : null;
  if (!side)
    throw fieldError(
      [...loc, "token"],
      `this Morpho market's tokens are ${m.collateral.symbol} (collateral) and ${m.loan.symbol} (loan)`,
    );
  const token = side === "collateral" ? m.collateral : m.loan;
  const amountOf = (text: string) => toRawAmount(text, token.decimals, [...loc, "amount"], token.symbol);
  const wrongSide = (what: string) =>
    fieldError(
      [...loc, "token"],
      `${what} ${side === "collateral" ? m.loan.symbol : m.collateral.symbol} in this Morpho market`,
    );
  switch (a.action_type) {
    case "CREDIT_SUPPLY":
    case "CREDIT_WITHDRAW": {
      // lending the loan token would be a position `positions` does not show yet: refused rather than hidden
      if (side === "loan")
        throw fieldError(
          [...loc, "token"],
          `lending ${m.loan.symbol} in a Morpho market is not offered from the Credit Account on this deployment; post or withdraw its collateral, ${m.collateral.symbol}, or lend through /v2/earn (MetaMorpho vaults)`,
        );
      const amount = amountOf(a.amount);
      return a.action_type === "CREDIT_SUPPLY"
        ? position.supplyCalls(amount)
        : position.withdrawCalls(amount, false);
    }
    case "CREDIT_BORROW": {
      if (side !== "loan") throw wrongSide("borrow");
      if (a.interest_rate_mode === "stable")
        throw fieldError([...loc, "interest_rate_mode"], "Morpho Blue has variable rates only");
      const amount = amountOf(a.amount);
      const fee = feeCall(a.fee, m.loan, amount, [...loc, "fee", "amount"]);
      return [...position.borrowCalls(amount), ...(fee ? [fee.call] : [])];
    }
    case "CREDIT_REPAY": {
      if (side !== "loan") throw wrongSide("repay");
      const amount = amountOf(a.amount);
      // more than owed repays all of it, by shares; the allowance is the amount, none left behind
      const all = amount >= position.b.variableDebt;
      return position.repayCalls(all ? position.b.variableDebt : amount, all, amount).calls.concat(
        all
          ? []
          : [
              {
                to: m.loan.address,
                data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [m.morpho, 0n] }),
              },
            ],
      );
    }
    case "CREDIT_ENABLE_COLLATERAL":
      throw fieldError(
        [...loc, "action_type"],
        "a Morpho market's collateral secures its loans as soon as it is posted: nothing to enable",
      );
    case "CREDIT_TRANSFER_TO_ADDRESS":
      return [transferCall(token.address, a.recipient, amountOf(a.amount))];
  }
}

async function actionCalls(
  input: CreditBundleInput,
  reserves: CreditReserve[],
  morpho: Map<string, MorphoMarketActions>,
  action: CreditBundleAction,
  loc: Loc,
): Promise<AccountCall[]> {
  if (!action.action_type.startsWith("CREDIT_"))
    return sharedBundleActionCalls(input, action as SharedBundleAction, loc);
  const a = action as Exclude<CreditBundleAction, SharedBundleAction>;
  if (a.protocol === "MORPHO") return morphoActionCalls(input, morpho.get(a.market_id ?? "")!, a, loc);
  if ((a.protocol ?? "AAVE") !== "AAVE")
    throw fieldError(
      [...loc, "protocol"],
      `${a.protocol} actions are not available in credit bundles on this deployment yet: its Euler vaults take no collateral; use AAVE or MORPHO`,
    );
  const { market, account } = input;
  const r = findAaveReserve(reserves, a.token, input.chain, [...loc, "token"]);
  const amountOf = (text: string) => toRawAmount(text, r.decimals, [...loc, "amount"], r.symbol);
  const approve = (amount: bigint): AccountCall => approveCall(r.asset, market.pool, amount);
  switch (a.action_type) {
    case "CREDIT_SUPPLY": {
      assertAaveReserveOpen(r, "supply", [...loc, "token"]);
      const amount = amountOf(a.amount);
      return [approve(amount), aaveSupplyCall(market, r.asset, amount, account)];
    }
    case "CREDIT_WITHDRAW": {
      assertAaveReserveOpen(r, "withdraw", [...loc, "token"]);
      return [aaveWithdrawCall(market, r.asset, amountOf(a.amount), account)];
    }
    case "CREDIT_BORROW": {
      assertAaveReserveOpen(r, "borrow", [...loc, "token"]);
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
      return [aaveBorrowCall(market, r.asset, amount, account), ...(fee ? [fee.call] : [])];
    }
    case "CREDIT_REPAY": {
      assertAaveReserveOpen(r, "repay", [...loc, "token"]);
      const amount = amountOf(a.amount);
      return [approve(amount), aaveRepayCall(market, r.asset, amount, account), approve(0n)];
    }
    case "CREDIT_ENABLE_COLLATERAL": {
      if (r.ltvBps === 0n)
        throw fieldError([...loc, "token"], `${r.symbol} cannot be collateral on Aave v3 (its LTV is 0)`);
      return [aaveCollateralCall(market, r.asset, true)];
    }
    case "CREDIT_TRANSFER_TO_ADDRESS":
      return [transferCall(r.asset, a.recipient, amountOf(a.amount))];
  }
}

/**
 * A transfer out of the Credit Account is for an account that owes nothing (spec): the bundle is run as the
 * account up to that action, and the pool's account data read there.
 */
async function assertNothingOwedAfter(
  input: CreditBundleInput,
  calls: AccountCall[],
  index: number,
  morpho: MorphoMarketActions[],
) {
  const probe = [
    ...calls,
    ...morpho.map(({ market: m }) => ({
      to: m.morpho,
      data: encodeFunctionData({ abi: morphoBlueAbi, functionName: "position", args: [m.id, input.account] }),
    })),
    aaveAccountDataCall(input.market, input.account),
  ];
  const results = await simulateAsAccount(input.client, input.chain, input.account, probe);
  const last = results.at(-1)!;
  const failed = results.findIndex((r) => !r.success);
  if (failed >= 0 && failed < calls.length) return; // the whole-bundle simulation names it
  // a Morpho market's position: (supplyShares, borrowShares, collateral)
  morpho.forEach(({ market: m }, k) => {
    const borrowShares = BigInt(`0x${results[calls.length + k]!.returnData.slice(66, 130)}`);
    if (borrowShares > 0n)
      throw fieldError(
        ["body", "actions", index, "body", "action_type"],
        `CREDIT_TRANSFER_TO_ADDRESS moves tokens out of the Credit Account, which still owes ${m.loan.symbol} in Morpho market ${m.id} after the bundle; repay it all first`,
      );
  });
  const debtUsd8 = decodeAaveAccountData(last.returnData).totalDebtUsd8;
  if (debtUsd8 > 0n)
    throw fieldError(
      ["body", "actions", index, "body", "action_type"],
      `CREDIT_TRANSFER_TO_ADDRESS moves tokens out of the Credit Account, which still owes about ${(Number(debtUsd8) / 1e8).toFixed(2)} USD on Aave v3 after the bundle; repay it all first`,
    );
}
