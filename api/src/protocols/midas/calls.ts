import { midasDepositVaultAbi, midasRedemptionVaultAbi } from "@compass/constants";
import { type Address, encodeFunctionData, zeroHash } from "viem";
import type { Call } from "../../kernel/chain/call.ts";

/** The ABIs that name a Midas vault's reverts. */
export const MIDAS_VAULT_ABIS = [midasDepositVaultAbi, midasRedemptionVaultAbi];

/** `depositInstant`: `amount18` of `tokenIn` for mTokens now, at least `minReceive18` (no referrer). */
export function depositInstantCall(
  vault: Address,
  tokenIn: Address,
  amount18: bigint,
  minReceive18: bigint,
): Call {
  return {
    to: vault,
    data: encodeFunctionData({
      abi: midasDepositVaultAbi,
      functionName: "depositInstant",
      args: [tokenIn, amount18, minReceive18, zeroHash],
    }),
  };
}

/** `redeemInstant`: `amount18` mTokens for `tokenOut` now, at least `minReceive18`. */
export function redeemInstantCall(
  vault: Address,
  tokenOut: Address,
  amount18: bigint,
  minReceive18: bigint,
): Call {
  return {
    to: vault,
    data: encodeFunctionData({
      abi: midasRedemptionVaultAbi,
      functionName: "redeemInstant",
      args: [tokenOut, amount18, minReceive18],
    }),
  };
}

/** `redeemRequest`: `amount18` mTokens into the vault's escrow, paid in `tokenOut` when Midas approves. */
export function redeemRequestCall(vault: Address, tokenOut: Address, amount18: bigint): Call {
  return {
    to: vault,
    data: encodeFunctionData({
      abi: midasRedemptionVaultAbi,
      functionName: "redeemRequest",
      args: [tokenOut, amount18],
    }),
  };
}
