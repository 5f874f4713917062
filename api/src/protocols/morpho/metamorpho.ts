import { type Address, type PublicClient, parseAbi, parseAbiItem } from "viem";
import { bookContracts, createdByFactories, factoryLogs } from "../../kernel/chain/factories.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../kernel/chain/next-block.ts";
import type { Config } from "../../kernel/config/env.ts";
import type { ChainName } from "../../kernel/schemas/common.ts";

/**
 * MetaMorpho vaults (Morpho's curated ERC-4626 vaults over Morpho Blue markets), read through MetaMorpho's
 * public ABI: the vaults the chain's MetaMorpho factories created, and a vault's own terms (its performance fee
 * and timelock). Where a vault's assets are supplied: allocation.ts.
 */
export const metaMorphoAbi = parseAbi([
  "function MORPHO() view returns (address)",
  "function curator() view returns (address)",
  "function withdrawQueueLength() view returns (uint256)",
  "function withdrawQueue(uint256) view returns (bytes32)",
  "function config(bytes32) view returns (uint184 cap, bool enabled, uint64 removableAt)",
  "function fee() view returns (uint96)",
  "function timelock() view returns (uint256)",
]);

export const createMetaMorphoEvent = parseAbiItem(
  "event CreateMetaMorpho(address indexed metaMorpho, address indexed caller, address initialOwner, uint256 initialTimelock, address indexed asset, string name, string symbol, bytes32 salt)",
);

/** Address-book names of MetaMorpho factories (the devnet's and a deployment's own). */
const FACTORY_ENTRY = /^(MetaMorphoFactory|MorphoVaultFactory)/;

/** The chain's MetaMorpho factories in the address book. */
export const metaMorphoFactories = (config: Config, chain: ChainName): Address[] =>
  bookContracts(config, chain, FACTORY_ENTRY);

/** The vaults the chain's MetaMorpho factories (address book) created, from their CreateMetaMorpho events. */
export const factoryVaults = (config: Config, client: PublicClient, logs: LogReader, chain: ChainName) =>
  createdByFactories({ config, client, logs, chain }, FACTORY_ENTRY, createMetaMorphoEvent, "metaMorpho");

/** The factories' CreateMetaMorpho events: each vault, who created it, its asset, and the block (the log's). */
export const createdMetaMorphos = (config: Config, client: PublicClient, logs: LogReader, chain: ChainName) =>
  factoryLogs<{ metaMorpho: Address; caller: Address; asset: Address }>(
    { config, client, logs, chain },
    FACTORY_ENTRY,
    createMetaMorphoEvent,
  );

/** A MetaMorpho vault's terms for the next block: its performance fee (WAD) and timelock (seconds). */
export function readMetaMorphoTerms(client: PublicClient, vault: Address) {
  const read = (functionName: "fee" | "timelock") =>
    client.readContract({
      address: vault,
      abi: metaMorphoAbi,
      functionName,
      blockTag: NEXT_BLOCK,
    }) as Promise<bigint>;
  return Promise.all([read("fee"), read("timelock")]).then(([fee, timelock]) => ({ fee, timelock }));
}
