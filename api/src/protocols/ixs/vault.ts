import { ixsVaultAbi } from "@compass/constants";
import type { Address, PublicClient } from "viem";
import { contractReader } from "../../kernel/chain/contract.ts";

/** What the vault would do with a deposit or a redemption request now. */
export interface IxsVaultState {
  /** the manager has paused deposits and redemption requests */
  paused: boolean;
  /** the least deposit, in the vault's asset */
  minDeposit: bigint;
  /** shares a deposit's assets buy (`previewDeposit`), or assets a redemption's shares are worth (`convertToAssets`) */
  preview: bigint;
  /** the fee the manager keeps from a redemption's assets, basis points */
  exitFeeBps: number;
}

/** The vault's state for a deposit of `amount` assets, or a redemption request of `amount` shares. */
export async function readIxsVault(
  client: PublicClient,
  vault: Address,
  kind: "deposit" | "redeem",
  amount: bigint,
): Promise<IxsVaultState> {
  const read = contractReader(client, vault, ixsVaultAbi);
  const [paused, minDeposit, preview, exitFeeBps] = await Promise.all([
    read<boolean>("paused"),
    read<bigint>("minDeposit"),
    read<bigint>(kind === "deposit" ? "previewDeposit" : "convertToAssets", [amount]),
    read<number>("exitFeeBps"),
  ]);
  return { paused, minDeposit, preview, exitFeeBps };
}

/** What a redemption of `assets` pays once the manager finalises it: the assets less the exit fee. */
export function netOfExitFee(assets: bigint, exitFeeBps: number): bigint {
  return assets - (assets * BigInt(exitFeeBps)) / 10_000n;
}
