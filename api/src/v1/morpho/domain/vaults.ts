import { type Address, getAddress } from "viem";
import type { z } from "zod";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import { type Erc20, resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { blockTimes } from "../../../kernel/chain/logs.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Context } from "../../../kernel/context.ts";
import { jsonInt } from "../../../kernel/lib/amounts.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import { readVault, trailingApys, vaultAbi } from "../../../protocols/erc4626/index.ts";
import {
  createdMetaMorphos,
  metaMorphoFactories,
  readMetaMorphoTerms,
} from "../../../protocols/morpho/index.ts";
import type { VaultsQuery } from "../schemas.ts";

const DAY = 86_400n;

export interface MetaMorphoVault {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  asset: Erc20;
  creationBlockNumber: number;
  creationTimestamp: number;
  creatorAddress: Address;
  totalAssets: bigint;
  /** the performance fee, WAD */
  fee: bigint;
  timelock: bigint;
  /** 18-decimal USD per whole asset; null without a feed */
  assetUsd: bigint | null;
  /** percent a year, net of the fee: the share price's growth over each window (its events) */
  apys: { daily?: string; weekly?: string; monthly?: string };
}

/**
 * Every vault the chain's MetaMorpho factories created (their CreateMetaMorpho events: creator, block), each with
 * its totals, fee and timelock, and its net APYs from the share price its Deposit/Withdraw events show.
 */
export async function metaMorphoVaults(ctx: Context, chain: ChainName, depositToken?: string | null) {
  const client = ctx.services.chains.get(chain, ["query", "chain"]);
  const logs = ctx.services.chains.logs;
  const factories = metaMorphoFactories(ctx.config, chain);
  const wanted = depositToken
    ? await resolveErc20(ctx.config, client, chain, depositToken, ["query", "deposit_token"])
    : undefined;
  if (!factories.length) return [];
  try {
    const created = await createdMetaMorphos(ctx.config, client, logs, chain);
    const chosen = created.filter((c) => !wanted || getAddress(c.args.asset) === wanted.address);
    const [times, head] = await Promise.all([
      blockTimes(client, chosen),
      client.getBlock({ blockTag: "latest" }),
    ]);
    return await Promise.all(
      chosen.map(async (c): Promise<MetaMorphoVault> => {
        const vault = await readVault(client, chain, c.args.metaMorpho, ["query", "chain"]);
        const read = (functionName: "totalAssets" | "convertToAssets", args: readonly bigint[] = []) =>
          client.readContract({
            address: vault.address,
            abi: vaultAbi,
            functionName,
            args,
            blockTag: NEXT_BLOCK,
          } as never) as Promise<bigint>;
        const [totalAssets, { fee, timelock }, priceNow, assetUsd] = await Promise.all([
          read("totalAssets"),
          readMetaMorphoTerms(client, vault.address),
          read("convertToAssets", [10n ** BigInt(vault.decimals)]),
          oraclePrice(ctx.config, client, chain, vault.asset.address),
        ]);
        const apys = await trailingApys({
          client,
          logs,
          vault,
          priceNow,
          head: { number: head.number, timestamp: head.timestamp },
          lookback: BigInt(ctx.config.logs.maxRange),
          windows: { daily: DAY, weekly: 7n * DAY, monthly: 30n * DAY },
        });
        return {
          address: vault.address,
          name: vault.name,
          symbol: vault.symbol,
          decimals: vault.decimals,
          asset: vault.asset,
          creationBlockNumber: Number(c.blockNumber),
          creationTimestamp: times.get(c.blockNumber!)!,
          creatorAddress: getAddress(c.args.caller),
          totalAssets,
          fee,
          timelock,
          assetUsd,
          apys,
        };
      }),
    );
  } catch (error) {
    return rethrowRpc(chain, error);
  }
}

/**
 * GET /v1/morpho/vaults: the chain's MetaMorpho vaults (optionally those taking `deposit_token`) in v1's shape: APYs
 * as fractions, `netApy` the share price's growth over the last week and `apy` that before the vault's fee.
 */
export async function listVaults(ctx: Context, query: z.output<typeof VaultsQuery>) {
  const chainId = ctx.services.chains.get(query.chain, ["query", "chain"]).chain!.id;
  const chain = { id: chainId, network: query.chain };
  const list = await metaMorphoVaults(ctx, query.chain, query.deposit_token);
  return {
    vaults: list.map((v) => {
      const fee = Number(v.fee) / 1e18;
      const net = Number(v.apys.weekly ?? 0) / 100;
      return {
        address: v.address,
        symbol: v.symbol,
        name: v.name,
        creationBlockNumber: v.creationBlockNumber,
        creationTimestamp: v.creationTimestamp,
        creatorAddress: v.creatorAddress,
        whitelisted: true,
        asset: { address: v.asset.address, symbol: v.asset.symbol, decimals: v.asset.decimals, chain },
        chain,
        state: {
          id: v.address,
          apy: fee < 1 ? net / (1 - fee) : net,
          netApy: net,
          totalAssets: jsonInt(v.totalAssets),
          totalAssetsUsd:
            v.assetUsd === null
              ? null
              : Number((v.totalAssets * v.assetUsd) / 10n ** BigInt(v.asset.decimals)) / 1e18,
          fee,
          timelock: Number(v.timelock),
        },
      };
    }),
  };
}
