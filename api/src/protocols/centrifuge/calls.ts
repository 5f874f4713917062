import { centrifugeVaultAbi } from "@compass/constants";
import type { Address } from "viem";
import type { Call } from "../../kernel/chain/call.ts";
import { contractCall } from "../../kernel/chain/contract.ts";

/** The ABIs that name a Centrifuge vault's reverts. */
export const CENTRIFUGE_VAULT_ABIS = [centrifugeVaultAbi];

/** `setOperator(operator, true)`: lets `operator` claim the caller's fulfilled requests for it. */
export function setOperatorCall(vault: Address, operator: Address): Call {
  return contractCall(vault, {
    abi: centrifugeVaultAbi,
    functionName: "setOperator",
    args: [operator, true],
  });
}

/** ERC-7540 `requestDeposit(assets, controller, owner)`. */
export function requestDepositCall(
  vault: Address,
  assets: bigint,
  controller: Address,
  owner: Address,
): Call {
  const args = [assets, controller, owner] as const;
  return contractCall(vault, { abi: centrifugeVaultAbi, functionName: "requestDeposit", args });
}

/** ERC-7540 `requestRedeem(shares, controller, owner)`. */
export function requestRedeemCall(vault: Address, shares: bigint, controller: Address, owner: Address): Call {
  const args = [shares, controller, owner] as const;
  return contractCall(vault, { abi: centrifugeVaultAbi, functionName: "requestRedeem", args });
}
