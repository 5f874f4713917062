import type { Address, Log, PublicClient } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import type { LogReader } from "../../kernel/chain/log-reader.ts";
import { blockTimes } from "../../kernel/chain/logs.ts";
import { fieldError, type Loc } from "../../kernel/errors.ts";
import { AAVE_RESERVE_DATA_UPDATED_EVENT } from "./events.ts";
import type { AaveMarket } from "./market.ts";
import type { RateUpdate } from "./rates.ts";

/**
 * Aave's rates and indices at any block, from the pool's own `ReserveDataUpdated` events. Every change of a
 * reserve's rates is one of them (the pool emits it whenever it recomputes the rates), carrying the rates in
 * force from then on and the liquidity and borrow indices — so a rate at a past block is the last event at or
 * before it, an index is that event's index grown linearly at its rate (as the pool's
 * getReserveNormalizedIncome computes it), and a time average or a standard deviation over a window is exact
 * over the step function the events draw, not an estimate from samples. No archive state is needed: public
 * RPCs keep events, not old state. Pages of history already final are served from the LogReader's cache.
 */

/** The reserve's rate updates in [`fromBlock`, `toBlock`] (to the head when omitted), oldest first. */
export async function readRateUpdates(
  client: PublicClient,
  logs: LogReader,
  market: AaveMarket,
  asset: Address,
  fromBlock: bigint,
  toBlock?: bigint,
): Promise<RateUpdate[]> {
  if (toBlock !== undefined && toBlock < fromBlock) return [];
  const found = (await logs.getLogs(client, {
    address: market.pool,
    event: AAVE_RESERVE_DATA_UPDATED_EVENT,
    args: { reserve: asset },
    fromBlock,
    ...(toBlock === undefined ? {} : { toBlock }),
  })) as (Log & { args: Record<string, bigint> })[];
  const times = await blockTimes(client, found);
  return found.map((l) => ({
    block: l.blockNumber!,
    time: BigInt(times.get(l.blockNumber!)!),
    liquidityRate: l.args.liquidityRate!,
    stableBorrowRate: l.args.stableBorrowRate!,
    variableBorrowRate: l.args.variableBorrowRate!,
    liquidityIndex: l.args.liquidityIndex!,
  }));
}

/**
 * The reserve's rate updates in (`from`, `to`], and the last one at or before `from` — found by reading back
 * from `from` in windows that grow fourfold (a busy reserve is found in one page, a quiet one in a few),
 * never before the pool's deployment.
 */
export async function readRateHistory(input: {
  client: PublicClient;
  logs: LogReader;
  market: AaveMarket;
  asset: Address;
  from: bigint;
  to: bigint;
  page: bigint;
}): Promise<{ before?: RateUpdate; inside: RateUpdate[] }> {
  const { client, logs, market, asset } = input;
  try {
    const deployed = await logs.deploymentBlock(client, market.pool);
    const inside = await readRateUpdates(client, logs, market, asset, input.from + 1n, input.to);
    let [top, span] = [input.from, input.page];
    while (top >= deployed) {
      const bottom = top - span + 1n > deployed ? top - span + 1n : deployed;
      const back = await readRateUpdates(client, logs, market, asset, bottom, top);
      if (back.length) return { before: back.at(-1), inside };
      if (bottom === deployed) break;
      [top, span] = [bottom - 1n, span * 4n];
    }
    return { inside };
  } catch (error) {
    return rethrowRpc(market.chain, error);
  }
}

/** The rates (ray) in force at `block`, or a 422 on `loc` when the reserve had none yet. */
export async function readRatesAt(
  input: {
    client: PublicClient;
    logs: LogReader;
    market: AaveMarket;
    asset: Address;
    symbol: string;
    page: bigint;
  },
  block: bigint,
  loc: Loc,
): Promise<RateUpdate> {
  const { before } = await readRateHistory({ ...input, from: block, to: block });
  if (!before)
    throw fieldError(
      loc,
      `${input.symbol} had no rates on Aave v3 on ${input.market.chain} at block ${block} (the pool had not yet set any)`,
    );
  return before;
}
