import type { Address, PublicClient } from "viem";
import { createdByFactories } from "../../kernel/chain/factories.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { readView } from "../../kernel/chain/view-batch.ts";
import type { Config } from "../../kernel/config/env.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";
import { evkAbi, proxyCreatedEvent } from "./abi.ts";

/**
 * Euler Vault Kit (EVK) vaults, read through EVK's own views so production reads Euler's real vaults. What can be
 * withdrawn now is its `cash` (the rest is lent out); its supply cap (AmountCap, 0 = none) says whether
 * `maxDeposit` is a limit at all: without a cap EVK still answers a finite amount (what its uint112 cash can take).
 */

/** Address-book names of Euler vault factories (the devnet's `EulerFactory`, or `EulerVaultFactory…`). */
const FACTORY_ENTRY = /^Euler(Vault)?Factory/;

/** The vault's EVK state, or null when it is no Euler vault (batched with the other reads of the vault). */
export async function readEuler(
  client: PublicClient,
  vault: Address,
): Promise<{ cash: bigint; totalBorrows: bigint; supplyCap: number } | null> {
  const view = <T>(functionName: "EVC" | "cash" | "totalBorrows" | "caps") =>
    readView<T>(client, { address: vault, abi: evkAbi, functionName, blockTag: NEXT_BLOCK });
  const read = await Promise.all([
    view<Address>("EVC"),
    view<bigint>("cash"),
    view<bigint>("totalBorrows"),
    view<readonly [number, number]>("caps"),
  ]).catch(() => null);
  if (!read) return null;
  const [, cash, totalBorrows, [supplyCap]] = read;
  return { cash, totalBorrows, supplyCap };
}

/** Vaults the chain's Euler factories created, from their `ProxyCreated` events. */
export const eulerFactoryVaults = (config: Config, client: PublicClient, logs: LogReader, chain: ChainName) =>
  createdByFactories({ config, client, logs, chain }, FACTORY_ENTRY, proxyCreatedEvent, "proxy");
