import { midasDepositVaultAbi, midasRedemptionVaultAbi } from "@compass/constants";
import { type Address, zeroHash } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { contractCall } from "../../kernel/chain/contract.ts";

/** The ABIs that name a Midas vault's reverts. */
export const MIDAS_VAULT_ABIS = [midasDepositVaultAbi, midasRedemptionVaultAbi];

/** `depositInstant`: `amount18` of `tokenIn` for mTokens now, at least `minReceive18` (no referrer). */
export function depositInstantCall(
  vault: Address,
  tokenIn: Address,
  amount18: bigint,
  minReceive18: bigint,
): Call {
  const args = [tokenIn, amount18, minReceive18, zeroHash] as const;
  return contractCall(vault, { abi: midasDepositVaultAbi, functionName: "depositInstant", args });
}

/** `redeemInstant`: `amount18` mTokens for `tokenOut` now, at least `minReceive18`. */
export function redeemInstantCall(
  vault: Address,
  tokenOut: Address,
  amount18: bigint,
  minReceive18: bigint,
): Call {
  const args = [tokenOut, amount18, minReceive18] as const;
  return contractCall(vault, { abi: midasRedemptionVaultAbi, functionName: "redeemInstant", args });
}

/** `redeemRequest`: `amount18` mTokens into the vault's escrow, paid in `tokenOut` when Midas approves. */
export function redeemRequestCall(vault: Address, tokenOut: Address, amount18: bigint): Call {
  const args = [tokenOut, amount18] as const;
  return contractCall(vault, { abi: midasRedemptionVaultAbi, functionName: "redeemRequest", args });
}
