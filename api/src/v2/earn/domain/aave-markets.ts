import { CHAINS } from "@compass/constants";
import { formatUnits, type PublicClient } from "viem";
import { type ChainClients, rethrowRpc } from "../../../kernel/chain/clients.ts";
import { blockAtOrBefore } from "../../../kernel/chain/history.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import type { Config } from "../../../kernel/config/env.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import {
  type AaveMarket,
  type AaveReserveState,
  aaveMarket,
  rayRateToApyPercent,
  readAaveReserve,
  readAaveReserveTokens,
  readRateUpdates,
  timeWeightedRates,
} from "../../../protocols/aave/index.ts";

const DAY = 86_400n;

/**
 * GET /v2/earn/aave_markets: every Aave v3 reserve on `chain`, or on every chain this deployment serves, grouped by
 * symbol (groupBySymbol). A chain asked for by name must be one this deployment serves (422); a served chain may
 * have no Aave.
 */
export async function aaveMarketsBySymbol(input: {
  config: Config;
  chains: ChainClients;
  chain?: ChainName;
  days: number;
}) {
  const { config, chains } = input;
  const perChain = await Promise.all(
    (input.chain ? [input.chain] : [...CHAINS]).map(async (chain) => {
      let client: PublicClient;
      try {
        client = chains.get(chain, ["query", "chain"]);
      } catch (error) {
        if (input.chain) throw error;
        return { chain, reserves: [] };
      }
      const market = aaveMarket(config, chain);
      if (!market) return { chain, reserves: [] };
      const reserves = await readChainReserves({
        client,
        logs: chains.logs,
        market,
        days: input.days,
        lookback: BigInt(config.logs.maxRange),
      }).catch((error) => rethrowRpc(chain, error));
      return { chain, reserves };
    }),
  );
  return groupBySymbol(perChain);
}
const pct = (n: number) => n.toFixed(4);
const bpsPct = (bps: bigint) => (Number(bps) / 100).toFixed(2);

/**
 * Time-weighted mean supply and borrow APY of a reserve over the last `days`, from the pool's own
 * `ReserveDataUpdated` events (each carries the rates in force from then on) — no archive state needed. The
 * rate in force when the window opens is the last update before it (one extra page of history is read to
 * find it); a reserve younger than the window is averaged over its life, one with no update at all at its
 * rates now.
 */
export async function averageRates(input: {
  client: PublicClient;
  logs: LogReader;
  market: AaveMarket;
  reserve: AaveReserveState;
  window: RateWindow;
}): Promise<{ supply: number; borrow: number }> {
  const { now, start, fromBlock } = input.window;
  const updates = await readRateUpdates(
    input.client,
    input.logs,
    input.market,
    input.reserve.asset,
    fromBlock,
  );
  const stats = timeWeightedRates(
    {
      // the rates in force at the window's start (or from the reserve's first update, when it is younger)
      before: updates.filter((u) => u.time <= start).at(-1),
      inside: updates.filter((u) => u.time > start),
    },
    start,
    now,
    (u) => ({
      supply: rayRateToApyPercent(u.liquidityRate),
      borrow: rayRateToApyPercent(u.variableBorrowRate),
    }),
  );
  return (
    stats?.mean ?? {
      supply: rayRateToApyPercent(input.reserve.liquidityRate),
      borrow: rayRateToApyPercent(input.reserve.variableBorrowRate),
    }
  );
}

export interface ReserveInfo {
  address: string;
  a_token_address: string;
  supply_apy: string;
  borrow_apy: string;
  supply_apy_avg: string;
  borrow_apy_avg: string;
  total_borrowed: string;
  available_liquidity: string;
  utilization_rate: string;
  ltv: string;
  liquidation_threshold: string;
}

/** The averaging window on one chain, found once for all its reserves: now, its start, and where to read from. */
export interface RateWindow {
  now: bigint;
  start: bigint;
  /** the block at the start less one page of `lookback`, to find the rate in force when the window opens */
  fromBlock: bigint;
}

async function rateWindow(client: PublicClient, days: number, lookback: bigint): Promise<RateWindow> {
  const head = await client.getBlock({ blockTag: "latest" });
  const start = head.timestamp - BigInt(days) * DAY;
  const first = await blockAtOrBefore(client, start, { number: head.number, timestamp: head.timestamp });
  return { now: head.timestamp, start, fromBlock: first.number > lookback ? first.number - lookback : 0n };
}

/** Every reserve of the market on one chain, by its token's symbol, with spot and averaged rates. */
export async function readChainReserves(input: {
  client: PublicClient;
  logs: LogReader;
  market: AaveMarket;
  days: number;
  lookback: bigint;
}): Promise<{ symbol: string; info: ReserveInfo }[]> {
  const { client, market } = input;
  const window = rateWindow(client, input.days, input.lookback);
  window.catch(() => {}); // awaited per reserve below; an early failure elsewhere must not leave it unhandled
  const listed = await readAaveReserveTokens(client, market);
  const rows = await Promise.all(
    listed.map(async (asset) => {
      const reserve = (await readAaveReserve(client, market, asset))!;
      const avg = await averageRates({ ...input, reserve, window: await window });
      const supplied = reserve.cash + reserve.totalBorrowed;
      return {
        symbol: asset.symbol,
        info: {
          address: asset.address,
          a_token_address: reserve.aToken,
          supply_apy: pct(rayRateToApyPercent(reserve.liquidityRate)),
          borrow_apy: pct(rayRateToApyPercent(reserve.variableBorrowRate)),
          supply_apy_avg: pct(avg.supply),
          borrow_apy_avg: pct(avg.borrow),
          total_borrowed: formatUnits(reserve.totalBorrowed, asset.decimals),
          available_liquidity: formatUnits(reserve.cash, asset.decimals),
          utilization_rate:
            supplied === 0n ? "0.00" : pct(Number((reserve.totalBorrowed * 10n ** 8n) / supplied) / 1e6),
          ltv: bpsPct(reserve.ltvBps),
          liquidation_threshold: bpsPct(reserve.thresholdBps),
        },
      };
    }),
  );
  return rows.filter((r) => Number(r.info.supply_apy) > 0 || Number(r.info.borrow_apy) > 0);
}

/**
 * spec A4: symbol → chain → the canonical (deepest) reserve with every reserve of that symbol listed, and the
 * chain paying the most for supply.
 */
export function groupBySymbol(
  perChain: { chain: ChainName; reserves: { symbol: string; info: ReserveInfo }[] }[],
) {
  type Best = {
    chain: string;
    address: string;
    a_token_address: string;
    supply_apy: string;
    borrow_apy: string;
  };
  const markets: Record<
    string,
    { chains: Record<string, ReserveInfo & { reserves: ReserveInfo[] }>; max_supply_apy: Best }
  > = {};
  for (const { chain, reserves } of perChain) {
    const bySymbol = new Map<string, ReserveInfo[]>();
    for (const r of reserves) bySymbol.set(r.symbol, [...(bySymbol.get(r.symbol) ?? []), r.info]);
    for (const [symbol, infos] of bySymbol) {
      const deepest = [...infos].sort(
        (a, b) =>
          Number(b.available_liquidity) +
          Number(b.total_borrowed) -
          (Number(a.available_liquidity) + Number(a.total_borrowed)),
      )[0]!;
      markets[symbol] ??= { chains: {}, max_supply_apy: undefined as unknown as Best };
      markets[symbol].chains[chain] = { ...deepest, reserves: infos };
    }
  }
  for (const market of Object.values(markets)) {
    const [chain, best] = Object.entries(market.chains).sort(
      ([, a], [, b]) => Number(b.supply_apy) - Number(a.supply_apy),
    )[0]!;
    market.max_supply_apy = {
      chain,
      address: best.address,
      a_token_address: best.a_token_address,
      supply_apy: best.supply_apy,
      borrow_apy: best.borrow_apy,
    };
  }
  return { markets };
}
