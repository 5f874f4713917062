import { type Address, erc20Abi, getAddress, type PublicClient } from "viem";
import { type BlockHeader, readBlockAt } from "../../kernel/chain/block-at.ts";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import type { Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { trailingApys } from "./apy.ts";
import { readVault, type Vault, vaultAbi } from "./vault.ts";

/** underlying token names, by chain and address: fixed at deployment */
const names = new Map<string, string>();

/** A vault as it stood at a block: raw units (the asset's, the shares'), the APYs as percent strings. */
export interface VaultAt<K extends string> {
  vault: Vault;
  /** the underlying token's name */
  assetName: string;
  totalAssets: bigint;
  totalSupply: bigint;
  /** assets one whole share redeems for */
  sharePrice: bigint;
  /** percent a year over each window; absent where the vault has no event before or in it */
  apys: Partial<Record<K, string>>;
  /** `user`'s shares and what they redeem for, when a user was asked */
  user: { shares: bigint; assets: bigint } | null;
}

/**
 * An ERC-4626 vault as it stood at `block` (or the head): its totals, share price, APYs over `windows`, and
 * `user`'s shares. The totals, share price and position are the vault's own views at that block (state then: an
 * archive node's, or within a pruned node's window — older is a 422 saying so); the APYs are the share price's
 * growth since each window's start as the vault's Deposit/Withdraw events priced it then (events: any node serves
 * them), a vault younger than a window measured over its life. A block before the vault existed, or past the
 * head, is a 422 on `loc.block`.
 */
export async function readVaultAt<K extends string>(input: {
  client: PublicClient;
  chain: ChainName;
  logs: LogReader;
  vault: string;
  block?: number;
  /** the block already resolved by the caller (its header): read at it, not resolved again */
  at?: BlockHeader;
  user?: Address | null;
  /** blocks read before the longest window's start (the log reader's page) */
  lookback: bigint;
  /** window name → seconds, each the share price's growth up to the block read */
  windows: Record<K, bigint>;
  loc: { vault: Loc; block: Loc };
}): Promise<VaultAt<K>> {
  const { client, chain } = input;
  const vault = await readVault(client, chain, input.vault, input.loc.vault);
  const at =
    input.at ??
    (await readBlockAt(client, chain, input.block, {
      loc: input.loc.block,
      since: { logs: input.logs, address: vault.address, what: `The vault ${vault.address}` },
    }));
  const unit = 10n ** BigInt(vault.decimals);
  try {
    const totalsRead = client.multicall({
      allowFailure: false,
      blockNumber: at.number,
      contracts: [
        { address: vault.address, abi: vaultAbi, functionName: "totalAssets" },
        { address: vault.address, abi: vaultAbi, functionName: "totalSupply" },
        { address: vault.address, abi: vaultAbi, functionName: "convertToAssets", args: [unit] },
        {
          address: vault.address,
          abi: vaultAbi,
          functionName: "balanceOf",
          args: [input.user ?? vault.address],
        },
      ] as const,
    });
    // the APYs measure up to the share price this same read returns
    const [totals, assetName, apys] = await Promise.all([
      totalsRead,
      underlyingName(client, vault.asset.address),
      totalsRead.then(([, , priceNow]) =>
        trailingApys({
          client,
          logs: input.logs,
          vault,
          priceNow,
          head: at,
          lookback: input.lookback,
          windows: input.windows,
        }),
      ),
    ]);
    const [totalAssets, totalSupply, sharePrice, held] = totals;
    const shares = input.user ? held : undefined;
    const owned =
      shares === undefined || shares === 0n
        ? 0n
        : await client.readContract({
            address: vault.address,
            abi: vaultAbi,
            functionName: "convertToAssets",
            args: [shares],
            blockNumber: at.number,
          });
    return {
      vault,
      assetName,
      totalAssets,
      totalSupply,
      sharePrice,
      apys,
      user: input.user ? { shares: shares ?? 0n, assets: owned } : null,
    };
  } catch (error) {
    return rethrowRpc(chain, error, { blockLoc: input.loc.block, block: input.block });
  }
}

async function underlyingName(client: PublicClient, token: Address): Promise<string> {
  const key = `${client.chain?.id}|${token}`;
  const hit = names.get(key);
  if (hit !== undefined) return hit;
  const name = String(
    await client.readContract({ address: getAddress(token), abi: erc20Abi, functionName: "name" }),
  );
  if (names.size > 10_000) names.clear();
  names.set(key, name);
  return name;
}
