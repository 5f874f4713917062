import { ixsVaultAbi } from "@compass/constants";
import type { Address } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { contractCall } from "../../kernel/chain/contract.ts";

/** The ABIs that name the vault's reverts. */
export const IXS_VAULT_ABIS = [ixsVaultAbi];

/** ERC-4626 `deposit(assets, receiver)`: shares at the NAV of the block it lands in (no minimum). */
export function ixsDepositCall(vault: Address, assets: bigint, receiver: Address): Call {
  return contractCall(vault, { abi: ixsVaultAbi, functionName: "deposit", args: [assets, receiver] });
}

/** `requestRedeem(shares, controller, owner)`: the shares go into the vault's escrow until the manager acts. */
export function ixsRequestRedeemCall(
  vault: Address,
  shares: bigint,
  controller: Address,
  owner: Address,
): Call {
  const args = [shares, controller, owner] as const;
  return contractCall(vault, { abi: ixsVaultAbi, functionName: "requestRedeem", args });
}
