import { type Address, erc20Abi, formatUnits, getAddress, type PublicClient } from "viem";
import { type BlockHeader, readBlockAt } from "../../kernel/chain/block-at.ts";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import type { Context } from "../../kernel/context.ts";
import type { Loc } from "../../kernel/errors.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { readVault, trailingApys, vaultAbi } from "../../v2/earn/index.ts";

const HOUR = 3600n;
const DAY = 24n * HOUR;
/** the APY windows, each the share price's growth up to the block read */
const WINDOWS = { current: HOUR, apy_1_day: DAY, apy_7_day: 7n * DAY, apy_30_day: 30n * DAY } as const;

/** underlying token names, by chain and address: fixed at deployment */
const names = new Map<string, string>();

/**
 * An ERC-4626 vault as it stood at `block` (or the head): its totals, share price, APYs over the trailing hour,
 * day, week and month, and `user`'s shares. The totals, share price and position are the vault's own views at that
 * block (state then: an archive node's, or within a pruned node's window — older is a 422 saying so); the APYs
 * are the share price's growth since each window's start as the vault's Deposit/Withdraw events priced it then
 * (events: any node serves them), a vault younger than a window measured over its life. A block before the
 * vault existed, or past the head, is a 422 on `block`.
 */
export async function readVaultAt(input: {
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
  loc: { vault: Loc; block: Loc };
}) {
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
          windows: WINDOWS,
        }),
      ),
    ]);
    const [totalAssets, totalSupply, price, held] = totals;
    const shares = input.user ? held : undefined;
    const assets = (raw: bigint) => formatUnits(raw, vault.asset.decimals);
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
      name: vault.name,
      symbol: vault.symbol,
      decimals: vault.decimals,
      total_assets: assets(totalAssets),
      total_supply: formatUnits(totalSupply, vault.decimals),
      share_price: assets(price),
      underlying_token: {
        address: vault.asset.address,
        name: assetName,
        symbol: vault.asset.symbol,
        decimals: vault.asset.decimals,
      },
      // a window the vault has no event before or in: no price to measure from
      apy: {
        current: apys.current ?? "0",
        apy_1_day: apys.apy_1_day ?? "0",
        apy_7_day: apys.apy_7_day ?? "0",
        apy_30_day: apys.apy_30_day ?? "0",
      },
      ...(input.user
        ? {
            user_position: {
              amount_of_shares: formatUnits(shares ?? 0n, vault.decimals),
              amount_in_underlying_token: assets(owned),
            },
          }
        : {}),
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

/** A vault read as the v1 routes take it (`chain`, `vault_address`, `user_address`, `block` in the query). */
export function vaultQuery(
  query: { chain: ChainName; vault_address: string; user_address?: string | null; block?: number },
  ctx: Context,
  at?: BlockHeader,
) {
  return readVaultAt({
    client: ctx.services.chains.get(query.chain, ["query", "chain"]),
    chain: query.chain,
    logs: ctx.services.chains.logs,
    lookback: BigInt(ctx.config.logs.maxRange),
    vault: query.vault_address,
    block: query.block,
    at,
    user: query.user_address ? getAddress(query.user_address) : null,
    loc: { vault: ["query", "vault_address"], block: ["query", "block"] },
  });
}
