import { type AbiEvent, type Address, getAddress, type PublicClient } from "viem";
import type { LogReader } from "./log-reader.ts";
import { addressBook, type Config } from "../config/env.ts";
import type { ChainName } from "../schemas/common.ts";

/**
 * What the chain's factories of one kind created: the address book's entries whose name matches `entry`,
 * and the address argument `field` of each `event` they emitted (bounded eth_getLogs pages, final ones kept).
 */
export async function createdByFactories(
  input: { config: Config; client: PublicClient; logs: LogReader; chain: ChainName },
  entry: RegExp,
  event: AbiEvent,
  field: string,
): Promise<Address[]> {
  const contracts = addressBook(input.config)?.chains[input.chain]?.contracts ?? {};
  const factories = Object.entries(contracts)
    .filter(([name]) => entry.test(name))
    .map(([, address]) => getAddress(address));
  if (!factories.length) return [];
  const events = await input.logs.getLogs(input.client, { address: factories, event });
  return events.map((log) => getAddress((log as unknown as { args: Record<string, Address> }).args[field]!));
}
