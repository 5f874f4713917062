import { type Address, type Log, type PublicClient, parseAbiItem } from "viem";
import type { LogReader } from "./log-reader.ts";

export const TRANSFER_EVENT = parseAbiItem(
  "event Transfer(address indexed from, address indexed to, uint256 value)",
);

/**
 * Unix time of each log's block. Nodes that return `blockTimestamp` with logs (anvil, recent geth/reth)
 * cost nothing extra; otherwise the distinct blocks are fetched once each.
 */
export async function blockTimes(client: PublicClient, logs: Log[]): Promise<Map<bigint, number>> {
  const times = new Map<bigint, number>();
  const missing = new Set<bigint>();
  for (const log of logs) {
    const stamp = (log as { blockTimestamp?: bigint | null }).blockTimestamp;
    if (stamp !== undefined && stamp !== null) times.set(log.blockNumber!, Number(stamp));
    else missing.add(log.blockNumber!);
  }
  await Promise.all(
    [...missing].map(async (blockNumber) => {
      const block = await client.getBlock({ blockNumber });
      times.set(blockNumber, Number(block.timestamp));
    }),
  );
  return times;
}

/**
 * ERC-20 transfers of `tokens` into or out of `holder` (in and out read together, each in bounded pages
 * from the tokens' deployment), in chain order.
 */
export async function transfersOf(
  reader: LogReader,
  client: PublicClient,
  tokens: Address[],
  holder: Address,
) {
  if (!tokens.length) return [];
  const [incoming, outgoing] = (await Promise.all([
    reader.getLogs(client, { address: tokens, event: TRANSFER_EVENT, args: { to: holder } }),
    reader.getLogs(client, { address: tokens, event: TRANSFER_EVENT, args: { from: holder } }),
  ])) as Log<bigint, number, false, typeof TRANSFER_EVENT>[][];
  const seen = new Set<string>();
  return [...incoming, ...outgoing]
    .filter((l) => {
      const key = `${l.transactionHash}:${l.logIndex}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => Number(a.blockNumber! - b.blockNumber!) || a.logIndex! - b.logIndex!);
}
