import type { Address, PublicClient } from "viem";
import { createdByFactories } from "../../kernel/chain/factories.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import { readViews } from "../../kernel/chain/view-batch.ts";
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

export interface EulerState {
  cash: bigint;
  totalBorrows: bigint;
  supplyCap: number;
}

/** Vaults' EVK state, read together (with the caller's other reads): null for each that is no Euler vault. */
export async function readEulers(
  client: PublicClient,
  vaults: readonly Address[],
): Promise<(EulerState | null)[]> {
  const names = ["EVC", "cash", "totalBorrows", "caps"] as const;
  const results = await readViews(
    client,
    vaults.flatMap((address) =>
      names.map((functionName) => ({ address, abi: evkAbi, functionName, blockTag: NEXT_BLOCK })),
    ),
  );
  return vaults.map((_, i) => {
    const [evc, cash, totalBorrows, caps] = results.slice(i * 4, i * 4 + 4);
    if (!evc?.ok || !cash?.ok || !totalBorrows?.ok || !caps?.ok) return null;
    return {
      cash: cash.value as bigint,
      totalBorrows: totalBorrows.value as bigint,
      supplyCap: (caps.value as readonly [number, number])[0],
    };
  });
}

/** Vaults the chain's Euler factories created, from their `ProxyCreated` events. */
export const eulerFactoryVaults = (config: Config, client: PublicClient, logs: LogReader, chain: ChainName) =>
  createdByFactories({ config, client, logs, chain }, FACTORY_ENTRY, proxyCreatedEvent, "proxy");
