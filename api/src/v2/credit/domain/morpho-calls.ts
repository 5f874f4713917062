import { type Address, encodeFunctionData, erc20Abi } from "viem";
import { fieldError, type Loc } from "../../../kernel/errors.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { AccountCall } from "../../../product-accounts/index.ts";
import {
  blueCall,
  type MorphoMarket,
  type MorphoPosition,
  maxBorrow,
} from "../../../protocols/morpho/index.ts";

/**
 * Morpho Blue from the Credit Account: the calls that post and withdraw collateral, borrow and repay — after the
 * checks Morpho itself makes (health after the action at the oracle's price and the LLTV, the market's
 * liquidity), in the Credit Account's words.
 */

const human = (amount: bigint, t: { decimals: number; symbol: string }) =>
  `${formatDecimal(amount, t.decimals)} ${t.symbol}`;

/** Post `collateral` (already in the account) and borrow `amount` of the loan token, after Morpho's checks. */
export function morphoBorrowCalls(input: {
  market: MorphoMarket;
  position: MorphoPosition;
  account: Address;
  collateral?: { amount: bigint; loc: Loc };
  amount: bigint;
  loc: Loc;
}): AccountCall[] {
  const { market: m, account } = input;
  const calls: AccountCall[] = [];
  const posted = input.position.collateral + (input.collateral?.amount ?? 0n);
  if (input.collateral)
    calls.push(
      {
        to: m.params.collateralToken,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "approve",
          args: [m.morpho, input.collateral.amount],
        }),
      },
      blueCall(m, "supplyCollateral", [input.collateral.amount, account, "0x"]),
    );
  const liquidity = m.totalSupplyAssets - m.totalBorrowAssets;
  if (input.amount > liquidity)
    throw fieldError(
      input.loc,
      `the Morpho market has ${human(liquidity > 0n ? liquidity : 0n, m.loan)} to lend now (Morpho: insufficient liquidity)`,
    );
  const bound = maxBorrow(m, posted);
  if (input.position.borrowed + input.amount > bound)
    throw fieldError(
      input.loc,
      `with ${human(posted, m.collateral)} posted the Credit Account may owe at most ${human(bound, m.loan)} in this market (LLTV ${formatDecimal(m.params.lltv, 16)} %; Morpho: insufficient collateral)`,
    );
  calls.push(blueCall(m, "borrow", [input.amount, 0n, account, account]));
  return calls;
}

/**
 * Repay `amount` of the loan token (all of the debt, by shares, when `amount` covers it: no dust left owing)
 * and withdraw collateral if asked; Morpho refuses a withdrawal that leaves the position unhealthy.
 */
export function morphoRepayCalls(input: {
  market: MorphoMarket;
  position: MorphoPosition;
  account: Address;
  amount: bigint;
  withdraw?: { amount: bigint; loc: Loc };
  loc: Loc;
}): { calls: AccountCall[]; repaid: bigint } {
  const { market: m, position, account } = input;
  if (position.borrowShares === 0n && input.amount > 0n)
    throw fieldError(input.loc, `the Credit Account owes nothing in Morpho market ${m.id}`);
  const all = input.amount >= position.borrowed;
  const repaid = all ? position.borrowed : input.amount;
  const calls: AccountCall[] = [];
  if (repaid > 0n)
    calls.push(
      {
        to: m.params.loanToken,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [m.morpho, repaid] }),
      },
      blueCall(m, "repay", all ? [0n, position.borrowShares, account, "0x"] : [repaid, 0n, account, "0x"]),
    );
  if (input.withdraw) {
    const w = input.withdraw;
    if (w.amount > position.collateral)
      throw fieldError(
        w.loc,
        `the Credit Account has ${human(position.collateral, m.collateral)} posted in this market`,
      );
    const left = position.borrowed - repaid;
    if (left > maxBorrow(m, position.collateral - w.amount))
      throw fieldError(
        w.loc,
        `withdrawing ${human(w.amount, m.collateral)} would leave ${human(left, m.loan)} owing above what the rest secures (Morpho: insufficient collateral)`,
      );
    calls.push(blueCall(m, "withdrawCollateral", [w.amount, account, account]));
  }
  return { calls, repaid };
}
