import { type Address, getAddress, type PublicClient, parseAbiItem } from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../kernel/chain/logs.ts";
import { NEW_INTEREST_INDEX } from "./events.ts";
import type { PendleMarket } from "./market.ts";

const ONE = 10n ** 18n;
const DAY = 86_400n;
const yieldTokenAbi = [parseAbiItem("function yieldToken() view returns (address)")];

/** The token the market's SY wraps (`yieldToken`), now or at `blockNumber`. */
export const readYieldToken = (
  client: PublicClient,
  market: PendleMarket,
  blockNumber?: bigint,
): Promise<Address> =>
  client
    .readContract({
      address: market.sy.address,
      abi: yieldTokenAbi,
      functionName: "yieldToken",
      ...(blockNumber === undefined ? {} : { blockNumber }),
    })
    .then((a) => getAddress(a));

/** SY's growth as APY (fraction): its exchange rate at `from` against `to`, over the time between. */
function growth(rateFrom: bigint, rateTo: bigint, seconds: bigint): number {
  if (rateFrom <= 0n || seconds <= 0n) return 0;
  const ratio = Number((rateTo * ONE) / rateFrom) / 1e18;
  return ratio ** ((365 * 86_400) / Number(seconds)) - 1;
}

/**
 * The underlying's APY (fractions) over the last day and week: the SY's exchange rate at the head against the
 * interest index the YT recorded (its NewInterestIndex events) at or before each window's start — or, when the
 * YT has recorded none that early, its first — annualised over the time actually between them.
 */
export async function underlyingApys(
  client: PublicClient,
  logs: LogReader,
  market: PendleMarket,
  head: { number: bigint; timestamp: bigint },
  /** the SY's exchange rate at the head, as the market's state read gives it */
  rateNow: Promise<bigint>,
): Promise<[number, number]> {
  const [events, now] = await Promise.all([
    logs.getLogs(client, { address: market.yt, event: NEW_INTEREST_INDEX, toBlock: head.number }),
    rateNow,
  ]);
  if (!events.length) return [0, 0];
  const times = await blockTimes(client, events);
  const [day, week] = [DAY, 7n * DAY].map((span) => {
    const start = Number(head.timestamp - span);
    let pick = events[0]!;
    for (const e of events) if (times.get(e.blockNumber!)! <= start) pick = e;
    const index = (pick as unknown as { args: { newIndex: bigint } }).args.newIndex;
    return growth(index, now, head.timestamp - BigInt(times.get(pick.blockNumber!)!));
  });
  return [day!, week!];
}
