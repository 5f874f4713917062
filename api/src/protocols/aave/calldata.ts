import { aavePoolAbi } from "@compass/constants";
import { type Address, encodeFunctionData, erc20Abi } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import type { AaveMarket } from "./market.ts";

/** The pool's calls, encoded (debt at the variable rate, mode 2, unless named; no referral code). */

/** "everything": a repay of all that is owed, a withdrawal of the whole supply */
export const MAX_UINT = 2n ** 256n - 1n;
export const VARIABLE_RATE = 2n;
export const STABLE_RATE = 1n;

type Pool = Pick<AaveMarket, "pool">;

const pool = (market: Pool, functionName: string, args: readonly unknown[]): Call => ({
  to: market.pool,
  data: encodeFunctionData({ abi: aavePoolAbi, functionName, args } as never),
});

/** ERC-20 approve of `spender` (the pool pulls what a supply or a repay spends). */
export const approveCall = (token: Address, spender: Address, amount: bigint): Call => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] }),
});

export const aaveSupplyCall = (market: Pool, asset: Address, amount: bigint, onBehalfOf: Address) =>
  pool(market, "supply", [asset, amount, onBehalfOf, 0]);

export const aaveBorrowCall = (
  market: Pool,
  asset: Address,
  amount: bigint,
  onBehalfOf: Address,
  rateMode = VARIABLE_RATE,
) => pool(market, "borrow", [asset, amount, rateMode, 0, onBehalfOf]);

export const aaveRepayCall = (
  market: Pool,
  asset: Address,
  amount: bigint,
  onBehalfOf: Address,
  rateMode = VARIABLE_RATE,
) => pool(market, "repay", [asset, amount, rateMode, onBehalfOf]);

export const aaveWithdrawCall = (market: Pool, asset: Address, amount: bigint, to: Address) =>
  pool(market, "withdraw", [asset, amount, to]);

export const aaveCollateralCall = (market: Pool, asset: Address, useAsCollateral: boolean) =>
  pool(market, "setUserUseReserveAsCollateral", [asset, useAsCollateral]);

/** A read of the pool's account data, for a simulation's last call (decoded by `decodeAaveAccountData`). */
export const aaveAccountDataCall = (market: Pool, user: Address) =>
  pool(market, "getUserAccountData", [user]);
