import { acrossServedChains, type ChainClients } from "../../../kernel/chain/clients.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import {
  chainPendleMarkets,
  impliedApyPercent,
  marketLiquidity,
  pendleDeployment,
  readPendleMarket,
  readPendleState,
} from "../../../protocols/pendle/index.ts";

export interface PendleMarketInfo {
  market_address: string;
  chain: string;
  pt_address: string;
  sy_address: string;
  yt_address: string;
  expiry: number;
  underlying_asset: string;
  underlying_name: string;
  underlying_symbol: string;
  pt_name: string;
  pt_symbol: string;
  tvl_usd?: string;
  implied_apy?: string;
}

/**
 * Every Pendle market on `chain` (or on every chain this deployment serves): those its address book lists and
 * those the market factory created, each read from chain — tokens, expiry, the asset the PT redeems into, its
 * liquidity (SY at the exchange rate and PT at its price, in the asset, priced by the chain's oracle) and the
 * implied APY now (e^(ln implied rate) − 1, from the market's state). A market that cannot be read whole is
 * left out (spec A5: incomplete markets are excluded). A chain asked for by name that is not served is the
 * caller's error; without a chain, unserved chains and chains without Pendle are skipped.
 */
export function listPendleMarkets(
  config: Config,
  chains: ChainClients,
  chainNames: readonly ChainName[],
  named: boolean,
): Promise<PendleMarketInfo[]> {
  return acrossServedChains(chains, chainNames, named, async (chain, client) => {
    const pendle = pendleDeployment(config, chain);
    if (!pendle) return [];
    const addresses = await chainPendleMarkets(config, client, chains.logs, chain, pendle);
    const infos = await Promise.all(
      addresses.map(async (address): Promise<PendleMarketInfo | null> => {
        const market = await readPendleMarket(client, chain, pendle, address, ["market"]).catch(() => null);
        if (!market) return null;
        const [state, price] = await Promise.all([
          readPendleState(client, pendle, market),
          oraclePrice(config, client, chain, market.asset.address),
        ]);
        const apy = impliedApyPercent(state);
        const tvl = marketLiquidity(state);
        return {
          market_address: market.address,
          chain,
          pt_address: market.pt.address,
          sy_address: market.sy.address,
          yt_address: market.yt,
          expiry: market.expiry,
          underlying_asset: market.asset.address,
          underlying_name: market.asset.name,
          underlying_symbol: market.asset.symbol,
          pt_name: market.pt.name,
          pt_symbol: market.pt.symbol,
          ...(price === null
            ? {}
            : { tvl_usd: formatDecimal((tvl * price) / 10n ** BigInt(market.asset.decimals), 18, 2) }),
          ...(apy === null ? {} : { implied_apy: apy.toFixed(4) }),
        };
      }),
    );
    return infos.filter((m): m is PendleMarketInfo => m !== null);
  });
}

/** Filters, order (markets without the figure last either way), page. */
export function selectPendleMarkets(
  markets: PendleMarketInfo[],
  q: {
    order_by: "tvl_usd" | "implied_apy" | "expiry";
    direction: "asc" | "desc";
    offset: number;
    limit: number;
    underlying_symbol?: string;
    min_tvl_usd?: number;
  },
) {
  const kept = markets.filter(
    (m) =>
      (!q.underlying_symbol || m.underlying_symbol.toLowerCase() === q.underlying_symbol.toLowerCase()) &&
      (q.min_tvl_usd === undefined || (m.tvl_usd !== undefined && Number(m.tvl_usd) >= q.min_tvl_usd)),
  );
  const sign = q.direction === "asc" ? 1 : -1;
  const figure = (m: PendleMarketInfo) => (m[q.order_by] === undefined ? undefined : Number(m[q.order_by]));
  kept.sort((a, b) => {
    const x = figure(a);
    const y = figure(b);
    if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? 0 : 1) : -1;
    return sign * (x - y);
  });
  return {
    total: kept.length,
    offset: q.offset,
    limit: q.limit,
    markets: kept.slice(q.offset, q.offset + q.limit),
  };
}
