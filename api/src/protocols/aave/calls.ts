import { aaveATokenAbi } from "@compass/constants";
import type { Address, PublicClient } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import { formatDecimal } from "../../kernel/lib/format.ts";
import type { AaveAccountData, AaveAccountReserve } from "./account.ts";
import { aaveBorrowCall, aaveRepayCall, aaveSupplyCall, aaveWithdrawCall, approveCall } from "./calldata.ts";
import type { AaveMarket } from "./market.ts";
import { valueUsd8 } from "./oracle.ts";
import type { AaveReserveState } from "./reserve-state.ts";

/**
 * An account's supply, withdraw, borrow and repay calls after what the pool would refuse, each a 422 on the
 * field at fault with Aave's reason: a reserve inactive, paused or frozen, the supply cap, borrowing disabled, a
 * collateral with LTV 0, the cash the reserve holds, the account's balance and borrowing power. `holder` names
 * the account in messages ("the Earn Account").
 */

type Named = { symbol: string; decimals: number };
const reserveName = (r: Named) => `the Aave ${r.symbol} reserve`;
const human = (r: Named, raw: bigint) => `${formatDecimal(raw, r.decimals)} ${r.symbol}`;

/**
 * An inactive or paused reserve takes nothing; a frozen one takes no new supply or borrow (withdrawals and
 * repayments stay open). `frozen` words the refusal.
 */
export function assertAaveReserveOpen(
  r: { symbol: string; active: boolean; paused: boolean; frozen: boolean },
  what: "supply" | "borrow" | "repay" | "withdraw",
  loc: Loc,
  frozen = `no new ${what}`,
): void {
  const name = `the Aave ${r.symbol} reserve`;
  if (!r.active) throw fieldError(loc, `${name} is not active (Aave: RESERVE_INACTIVE)`);
  if (r.paused) throw fieldError(loc, `${name} is paused (Aave: RESERVE_PAUSED)`);
  if (r.frozen && (what === "supply" || what === "borrow"))
    throw fieldError(loc, `${name} is frozen: ${frozen} (Aave: RESERVE_FROZEN)`);
}

/** Approve and supply `amount` on the account's behalf, within the reserve's supply cap. */
export function aaveSupplyCalls(input: {
  market: AaveMarket;
  reserve: AaveReserveState;
  account: Address;
  amount: bigint;
  loc: Loc;
}): Call[] {
  const { reserve: r, amount, loc } = input;
  if (r.supplyCap > 0n) {
    const cap = r.supplyCap * 10n ** BigInt(r.decimals);
    const room = cap > r.totalSupplied ? cap - r.totalSupplied : 0n;
    if (amount > room)
      throw fieldError(
        loc,
        room === 0n
          ? `${reserveName(r)} is at its supply cap of ${r.supplyCap} ${r.symbol} (Aave: SUPPLY_CAP_EXCEEDED)`
          : `${reserveName(r)} accepts at most ${human(r, room)} more before its supply cap of ${r.supplyCap} ${r.symbol} (Aave: SUPPLY_CAP_EXCEEDED)`,
      );
  }
  return [
    approveCall(r.asset, input.market.pool, amount),
    aaveSupplyCall(input.market, r.asset, amount, input.account),
  ];
}

/**
 * Withdraw `amount` to the account, within the cash the reserve holds and (`checkBalance`: false in a bundle,
 * whose earlier actions may supply it) what the account has supplied now.
 */
export async function aaveWithdrawCalls(input: {
  client: PublicClient;
  market: AaveMarket;
  reserve: AaveReserveState;
  account: Address;
  amount: bigint;
  loc: Loc;
  holder: string;
  checkBalance: boolean;
}): Promise<Call[]> {
  const { reserve: r, amount, loc } = input;
  if (input.checkBalance) {
    const held = await input.client.readContract({
      address: r.aToken,
      abi: aaveATokenAbi,
      functionName: "balanceOf",
      args: [input.account],
      blockTag: NEXT_BLOCK,
    });
    if (amount > held)
      throw fieldError(loc, `${input.holder} has ${human(r, held)} supplied to ${reserveName(r)}`);
  }
  if (amount > r.cash)
    throw fieldError(
      loc,
      `${reserveName(r)} holds ${human(r, r.cash)} of cash now; the rest is lent out (Aave: NOT_ENOUGH_AVAILABLE_USER_BALANCE)`,
    );
  return [aaveWithdrawCall(input.market, r.asset, amount, input.account)];
}

type Reserve = Pick<
  AaveAccountReserve,
  | "asset"
  | "symbol"
  | "decimals"
  | "active"
  | "frozen"
  | "paused"
  | "ltvBps"
  | "borrowingEnabled"
  | "cash"
  | "priceUsd8"
  | "supplied"
  | "variableDebt"
>;

const cashRefusal = (r: Reserve) =>
  `${reserveName(r)} holds ${human(r, r.cash)} of cash now (Aave: NOT_ENOUGH_AVAILABLE_USER_BALANCE)`;

/**
 * Supply `amount` of `collateral` (already in the account) and borrow `borrowAmount` of `debt` at the variable
 * rate: the collateral's LTV, borrowing enabled, the reserve's cash and the account's borrowing power with the
 * new collateral counted (the pool's own check, at its prices).
 */
export function aaveBorrowCalls(input: {
  market: AaveMarket;
  account: Address;
  holder: string;
  data: Pick<AaveAccountData, "availableBorrowsUsd8">;
  collateral?: { reserve: Reserve; amount: bigint; loc: Loc };
  debt: Reserve;
  borrowAmount: bigint;
  loc: { token: Loc; amount: Loc };
}): Call[] {
  const { market, account, debt, collateral } = input;
  const calls: Call[] = [];
  let power = input.data.availableBorrowsUsd8;
  if (collateral) {
    const c = collateral.reserve;
    assertAaveReserveOpen(c, "supply", collateral.loc);
    if (c.ltvBps === 0n)
      throw fieldError(collateral.loc, `${c.symbol} cannot be borrowed against on Aave v3 (its LTV is 0)`);
    calls.push(
      approveCall(c.asset, market.pool, collateral.amount),
      aaveSupplyCall(market, c.asset, collateral.amount, account),
    );
    power += (valueUsd8(c, collateral.amount) * c.ltvBps) / 10_000n;
  }
  assertAaveReserveOpen(debt, "borrow", input.loc.token);
  if (!debt.borrowingEnabled)
    throw fieldError(input.loc.token, `${debt.symbol} cannot be borrowed on Aave v3 (BORROWING_NOT_ENABLED)`);
  if (input.borrowAmount > debt.cash) throw fieldError(input.loc.amount, cashRefusal(debt));
  const needed = valueUsd8(debt, input.borrowAmount);
  if (needed > power)
    throw fieldError(
      input.loc.amount,
      `${input.holder} can borrow about ${human(debt, (power * 10n ** BigInt(debt.decimals)) / debt.priceUsd8)} with its collateral (Aave: COLLATERAL_CANNOT_COVER_NEW_BORROW)`,
    );
  calls.push(aaveBorrowCall(market, debt.asset, input.borrowAmount, account));
  return calls;
}

/** Repay `amount` of the account's variable debt (at most what it owes), then withdraw collateral if asked. */
export function aaveRepayCalls(input: {
  market: AaveMarket;
  account: Address;
  holder: string;
  debt: Reserve;
  amount: bigint;
  withdraw?: { reserve: Reserve; amount: bigint; loc: Loc };
  loc: { token: Loc; amount: Loc };
}): Call[] {
  const { market, account, debt } = input;
  assertAaveReserveOpen(debt, "repay", input.loc.token);
  if (debt.variableDebt === 0n)
    throw fieldError(input.loc.token, `${input.holder} owes no ${debt.symbol} on Aave v3`);
  const calls: Call[] = [
    approveCall(debt.asset, market.pool, input.amount),
    aaveRepayCall(market, debt.asset, input.amount, account),
  ];
  const w = input.withdraw;
  if (w) {
    assertAaveReserveOpen(w.reserve, "withdraw", w.loc);
    if (w.amount > w.reserve.supplied)
      throw fieldError(
        w.loc,
        `${input.holder} has ${human(w.reserve, w.reserve.supplied)} supplied to Aave v3`,
      );
    if (w.amount > w.reserve.cash) throw fieldError(w.loc, cashRefusal(w.reserve));
    calls.push(aaveWithdrawCall(market, w.reserve.asset, w.amount, account));
  }
  return calls;
}
