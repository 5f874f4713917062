import { type Address, erc20Abi, getAddress, type PublicClient, zeroAddress } from "viem";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { readViews, type ViewRead, type ViewResult } from "../../kernel/chain/view-batch.ts";
import { type Vault, vaultAbi } from "./vault.ts";

const ownerAbi = [
  {
    type: "function",
    name: "owner",
    inputs: [],
    outputs: [{ type: "address" }],
    stateMutability: "view",
  },
] as const;

export interface VaultState {
  totalAssets: bigint;
  idle: bigint;
  maxDeposit: bigint;
  sharePrice: bigint;
  assetName: string | undefined;
  owner: Address;
}

/**
 * Vaults' figures for the next block, every vault's reads sent at once (with the caller's other reads): total assets,
 * the asset it holds idle, `maxDeposit` for anyone (0 when paused or full), the share price (assets per whole share),
 * the asset's name (absent where the token has none) and the vault's `owner()` (zero without; not asked with
 * `owner: false`, for a vault whose owner the caller does not show). Each vault's state, or the error of the first
 * of its required reads that failed.
 */
export async function readVaultStates(
  client: PublicClient,
  vaults: readonly { vault: Vault; owner: boolean }[],
): Promise<(VaultState | Error)[]> {
  const reads: ViewRead[] = [];
  for (const { vault, owner } of vaults) {
    const at = { blockTag: NEXT_BLOCK } as const;
    reads.push(
      { address: vault.address, abi: vaultAbi, functionName: "totalAssets", ...at },
      {
        address: vault.asset.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [vault.address],
        ...at,
      },
      { address: vault.address, abi: vaultAbi, functionName: "maxDeposit", args: [zeroAddress], ...at },
      {
        address: vault.address,
        abi: vaultAbi,
        functionName: "convertToAssets",
        args: [10n ** BigInt(vault.decimals)],
        ...at,
      },
      { address: vault.asset.address, abi: erc20Abi, functionName: "name", ...at },
      // asked at the head, as it always was (one more batch; the owner rarely changes)
      ...(owner ? [{ address: vault.address, abi: ownerAbi, functionName: "owner" }] : []),
    );
  }
  const results = await readViews(client, reads);
  let at = 0;
  return vaults.map(({ owner }) => {
    const [totalAssets, idle, maxDeposit, sharePrice, assetName] = results.slice(at, at + 5);
    const ownerRead = owner ? results[at + 5] : undefined;
    at += owner ? 6 : 5;
    const failed = [totalAssets, idle, maxDeposit, sharePrice].find((r) => !r!.ok);
    if (failed && !failed.ok)
      return failed.error instanceof Error ? failed.error : new Error(String(failed.error));
    const value = (r: ViewResult | undefined) => (r?.ok ? r.value : undefined);
    return {
      totalAssets: value(totalAssets) as bigint,
      idle: value(idle) as bigint,
      maxDeposit: value(maxDeposit) as bigint,
      sharePrice: value(sharePrice) as bigint,
      assetName: value(assetName) as string | undefined,
      owner: getAddress((value(ownerRead) as Address | undefined) ?? zeroAddress),
    };
  });
}
