import { type AbiEvent, type Address, getAddress, type Log, type PublicClient } from "viem";
import { addressBook, type Config } from "../config/env.ts";
import type { ChainName } from "../schemas/common.ts";
import type { LogReader } from "./log-reader.ts";

/** The address book's contracts on `chain` whose entry name matches `entry` (a kind of factory, of vault). */
export const bookContracts = (config: Config, chain: ChainName, entry: RegExp): Address[] =>
  Object.entries(addressBook(config)?.chains[chain]?.contracts ?? {})
    .filter(([name]) => entry.test(name))
    .map(([, address]) => getAddress(address));

/**
 * Every `event` the chain's factories of one kind (the address book's entries matching `entry`) emitted, decoded (bounded
 * eth_getLogs pages, final ones kept); none, and no call, without such a factory.
 */
export async function factoryLogs<A extends Record<string, unknown>>(
  input: { config: Config; client: PublicClient; logs: LogReader; chain: ChainName },
  entry: RegExp,
  event: AbiEvent,
): Promise<(Log & { args: A })[]> {
  const factories = bookContracts(input.config, input.chain, entry);
  if (!factories.length) return [];
  return (await input.logs.getLogs(input.client, { address: factories, event })) as unknown as (Log & {
    args: A;
  })[];
}

/** What the chain's factories of one kind created: the address argument `field` of each `event` they emitted. */
export async function createdByFactories(
  input: { config: Config; client: PublicClient; logs: LogReader; chain: ChainName },
  entry: RegExp,
  event: AbiEvent,
  field: string,
): Promise<Address[]> {
  const events = await factoryLogs<Record<string, Address>>(input, entry, event);
  return events.map((log) => {
    const created = getAddress(log.args[field]!);
    // created in the block of its creation event: what a read of its history starts from, without a search
    if (log.blockNumber !== null) input.logs.noteDeployment(input.client, created, log.blockNumber);
    return created;
  });
}
