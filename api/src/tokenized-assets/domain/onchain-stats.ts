import { type Address, type Log, type PublicClient, parseAbiItem } from "viem";
import type { LogReader } from "../../chain/log-reader.ts";
import { blockTimes, TRANSFER_EVENT } from "../../chain/logs.ts";
import { formatDecimal } from "../../lib/format.ts";

const TRADE = parseAbiItem(
  "event Trade(address indexed token, address indexed trader, address indexed recipient, bool isBuy, uint256 usdcAmount, uint256 tokenAmount, uint256 price)",
);
const DAY = 86_400;

/** USD volume at the venue: the last 24 h and the daily average over 30 days. */
export async function venueVolume(
  reader: LogReader,
  client: PublicClient,
  venue: Address,
  token: Address,
  now: number,
) {
  const logs = (await reader.getLogs(client, { address: venue, event: TRADE, args: { token } })) as Log<
    bigint,
    number,
    false,
    typeof TRADE
  >[];
  const times = await blockTimes(client, logs);
  let day = 0n;
  let month = 0n;
  for (const log of logs) {
    const age = now - times.get(log.blockNumber!)!;
    if (age <= 30 * DAY) month += log.args.usdcAmount!;
    if (age <= DAY) day += log.args.usdcAmount!;
  }
  return { volume_24h: formatDecimal(day, 6, 2), average_volume: formatDecimal(month / 30n, 6, 2) };
}

/** Addresses holding a non-zero balance, replayed from the token's Transfer events. */
export async function holderCount(reader: LogReader, client: PublicClient, token: Address): Promise<number> {
  const logs = (await reader.getLogs(client, { address: token, event: TRANSFER_EVENT })) as Log<
    bigint,
    number,
    false,
    typeof TRANSFER_EVENT
  >[];
  const balances = new Map<string, bigint>();
  for (const { args } of logs) {
    if (BigInt(args.from!) !== 0n) balances.set(args.from!, (balances.get(args.from!) ?? 0n) - args.value!);
    balances.set(args.to!, (balances.get(args.to!) ?? 0n) + args.value!);
  }
  return [...balances.entries()].filter(([a, v]) => v > 0n && BigInt(a) !== 0n).length;
}
