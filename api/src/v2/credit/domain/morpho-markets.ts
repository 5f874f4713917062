import { type Address, erc20Abi, getAddress, type PublicClient, zeroAddress } from "viem";
import type { z } from "zod";
import { rethrowRpc } from "../../../kernel/chain/clients.ts";
import type { LogReader } from "../../../kernel/chain/log-reader.ts";
import { NEXT_BLOCK } from "../../../kernel/chain/next-block.ts";
import type { Config } from "../../../kernel/config/env.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { ChainName } from "../../../kernel/schemas/common.ts";
import { oraclePrice } from "../../../protocols/aave/index.ts";
import {
  liquidityOf,
  marketApys,
  morphoBorrowRate,
  readCreatedMarkets,
  readMarketState,
  requireMorpho,
} from "../../../protocols/morpho/index.ts";
import type { MorphoMarketsQuery } from "../schemas.ts";

const morphoSingleton = (config: Config, chain: ChainName): Address =>
  requireMorpho(config, chain, ["query", "chain"]);

/**
 * GET /v2/credit/morpho_markets: the chain's Morpho Blue markets sorted by `order_by` (a market without the value
 * last when descending; ties by id) and paged by `offset`/`limit`.
 */
export async function morphoMarketsPage(input: {
  config: Config;
  client: PublicClient;
  logs: LogReader;
  query: z.output<typeof MorphoMarketsQuery>;
}) {
  const { config, client, logs, query } = input;
  const morpho = morphoSingleton(config, query.chain);
  const markets = await readMorphoMarkets({ config, client, logs, chain: query.chain }).catch((error) =>
    rethrowRpc(query.chain, error),
  );
  const key = (m: (typeof markets)[number]) => Number(m[query.order_by] ?? -1);
  const sign = query.direction === "asc" ? 1 : -1;
  markets.sort((a, b) => sign * (key(a) - key(b)) || a.market_id.localeCompare(b.market_id));
  return {
    total: markets.length,
    offset: query.offset,
    limit: query.limit,
    morpho,
    markets: markets.slice(query.offset, query.offset + query.limit),
  };
}

/**
 * Every market of the chain's Morpho Blue (its CreateMarket events, bounded eth_getLogs pages from the
 * singleton's deployment) with its state for the next block: totals, the fee, the rate model's borrow rate
 * (per second, compounded to an APY as Morpho's own front end does) and the supply rate it implies
 * (borrow × utilisation × (1 − fee)); USD values at the chain's oracle where it prices the token.
 */
export async function readMorphoMarkets(input: {
  config: Config;
  client: PublicClient;
  logs: LogReader;
  chain: ChainName;
}) {
  const { config, client, chain } = input;
  const morpho = morphoSingleton(config, chain);
  const created = await readCreatedMarkets(client, input.logs, morpho);
  const tokens = new Map<string, Promise<{ symbol: string; decimals: number }>>();
  const token = (address: Address) => {
    const key = address.toLowerCase();
    const at = { blockTag: NEXT_BLOCK } as const;
    if (!tokens.has(key))
      tokens.set(
        key,
        address === zeroAddress
          ? Promise.resolve({ symbol: "", decimals: 18 })
          : Promise.all([
              client.readContract({ address, abi: erc20Abi, functionName: "symbol", ...at }),
              client.readContract({ address, abi: erc20Abi, functionName: "decimals", ...at }),
            ]).then(([symbol, decimals]) => ({ symbol, decimals })),
      );
    return tokens.get(key)!;
  };
  return Promise.all(
    created.map(async ({ id, params: p }) => {
      const state = await readMarketState(client, morpho, id);
      const [loan, collateral, ratePerSecond, loanPrice] = await Promise.all([
        token(p.loanToken),
        token(p.collateralToken),
        morphoBorrowRate(client, p, state),
        oraclePrice(config, client, chain, p.loanToken),
      ]);
      const { utilization, borrowApy, supplyApy } = marketApys(state, ratePerSecond);
      const available = liquidityOf(state);
      // the oracle's price is 18-decimal USD per whole token
      const usd = (raw: bigint) =>
        loanPrice === null
          ? undefined
          : formatDecimal((raw * loanPrice) / 10n ** BigInt(loan.decimals), 18, 2);
      const tvl = usd(state.totalSupplyAssets);
      const liquidity = usd(available);
      return {
        market_id: id,
        loan_token: getAddress(p.loanToken),
        loan_token_symbol: loan.symbol,
        loan_token_decimals: loan.decimals,
        collateral_token: getAddress(p.collateralToken),
        collateral_token_symbol: collateral.symbol,
        collateral_token_decimals: collateral.decimals,
        oracle: getAddress(p.oracle),
        irm: getAddress(p.irm),
        lltv: formatDecimal(p.lltv, 16),
        supply_apy: (supplyApy * 100).toFixed(4),
        borrow_apy: (borrowApy * 100).toFixed(4),
        utilization: (utilization * 100).toFixed(4),
        total_supply_assets: formatDecimal(state.totalSupplyAssets, loan.decimals),
        total_borrow_assets: formatDecimal(state.totalBorrowAssets, loan.decimals),
        available_liquidity: formatDecimal(available, loan.decimals),
        fee: formatDecimal(state.fee, 16),
        ...(tvl === undefined ? {} : { tvl_usd: tvl }),
        ...(liquidity === undefined ? {} : { liquidity_usd: liquidity }),
      };
    }),
  );
}
