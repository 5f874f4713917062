import { ixsVaultAbi } from "@compass/constants";
import { type Address, encodeFunctionData } from "viem";
import type { Call } from "../../kernel/chain/call.ts";

/** The ABIs that name the vault's reverts. */
export const IXS_VAULT_ABIS = [ixsVaultAbi];

/** ERC-4626 `deposit(assets, receiver)`: shares at the NAV of the block it lands in (no minimum). */
export function ixsDepositCall(vault: Address, assets: bigint, receiver: Address): Call {
  return {
    to: vault,
    data: encodeFunctionData({ abi: ixsVaultAbi, functionName: "deposit", args: [assets, receiver] }),
  };
}

/** `requestRedeem(shares, controller, owner)`: the shares go into the vault's escrow until the manager acts. */
export function ixsRequestRedeemCall(
  vault: Address,
  shares: bigint,
  controller: Address,
  owner: Address,
): Call {
  return {
    to: vault,
    data: encodeFunctionData({
      abi: ixsVaultAbi,
      functionName: "requestRedeem",
      args: [shares, controller, owner],
    }),
  };
}
