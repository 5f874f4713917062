import type { AbiEvent, Log, PublicClient } from "viem";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../kernel/chain/logs.ts";
import { MORPHO_EVENTS } from "./events.ts";
import type { MorphoMarket } from "./market.ts";
import { toAssetsDown, WAD } from "./math.ts";

/** A share's worth (assets per 1e18 shares) at a time (seconds). */
export interface SharePrice {
  t: bigint;
  price: bigint;
}

/**
 * What one supply share and one borrow share of the market were worth each time its own events priced them
 * (assets ÷ shares of each Supply/Withdraw and Borrow/Repay, from the singleton's deployment), in time order, and
 * what each is worth now at the market's totals. Events: any node serves them.
 */
export async function readSharePrices(
  client: PublicClient,
  logs: LogReader,
  m: MorphoMarket,
  /** the head block, shared when several markets are read at once */
  head?: Promise<{ timestamp: bigint }>,
) {
  const fromBlock = await logs.deploymentBlock(client, m.morpho);
  const side = (events: readonly AbiEvent[]) =>
    logs.getLogs(client, { address: m.morpho, events, topics: [m.id], fromBlock });
  const [supplyLogs, borrowLogs, { timestamp: headTime }] = await Promise.all([
    side([MORPHO_EVENTS.Supply, MORPHO_EVENTS.Withdraw]),
    side([MORPHO_EVENTS.Borrow, MORPHO_EVENTS.Repay]),
    head ?? client.getBlock({ blockTag: "latest" }),
  ]);
  const all = [...supplyLogs, ...borrowLogs] as (Log & { args: { assets: bigint; shares: bigint } })[];
  const times = await blockTimes(client, all);
  const observe = (events: typeof all): SharePrice[] =>
    events
      .filter((e) => e.args.shares > 0n)
      .map((e) => ({ t: BigInt(times.get(e.blockNumber!)!), price: (e.args.assets * WAD) / e.args.shares }))
      .sort((a, b) => Number(a.t - b.t));
  return {
    supply: observe(supplyLogs as typeof all),
    borrow: observe(borrowLogs as typeof all),
    now: {
      supply: toAssetsDown(WAD, m.totalSupplyAssets, m.totalSupplyShares),
      borrow: toAssetsDown(WAD, m.totalBorrowAssets, m.totalBorrowShares),
    },
    headTime,
  };
}
