import { centrifugeVaultAbi } from "@compass/constants";
import type { Address, PublicClient } from "viem";
import { contractReader } from "../../kernel/chain/contract.ts";

/** What a Centrifuge vault would do with a request now. */
export interface CentrifugeVaultState {
  /** the vault's manager, which fulfils requests and claims them for controllers that made it their operator */
  manager: Address;
  paused: boolean;
  /** the least deposit request, in the vault's asset */
  minDeposit: bigint;
  /** the request's worth at the current price: shares for a deposit's assets, assets for a redemption's shares */
  estimate: bigint;
  /** `controller` has made the manager its ERC-7540 operator */
  operator: boolean;
}

/** The vault's state for a deposit (`assets`) or redemption (`shares`) request by `controller`. */
export async function readCentrifugeVault(
  client: PublicClient,
  vault: Address,
  controller: Address,
  kind: "deposit" | "redeem",
  amount: bigint,
): Promise<CentrifugeVaultState> {
  const read = contractReader(client, vault, centrifugeVaultAbi);
  const [manager, paused, minDeposit, estimate] = await Promise.all([
    read<Address>("manager"),
    read<boolean>("paused"),
    read<bigint>("minDeposit"),
    read<bigint>(kind === "deposit" ? "convertToShares" : "convertToAssets", [amount]),
  ]);
  const operator = await read<boolean>("isOperator", [controller, manager]);
  return { manager, paused, minDeposit, estimate, operator };
}
