import { aaveProtocolDataProviderAbi } from "@compass/constants";
import { type Address, erc20Abi, getAddress, type PublicClient } from "viem";
import { rethrowRpc } from "../../kernel/chain/clients.ts";
import type { Erc20 } from "../../kernel/chain/erc20.ts";
import type { Loc } from "../../kernel/errors.ts";
import type { AaveMarket } from "./market.ts";
import { findAaveReserve, matchAaveReserve, readAaveReserveList } from "./reserves.ts";

/**
 * What never changes once a reserve is listed — its token's address and symbol, its aToken — kept so that a read
 * needing only those costs no call.
 */

export interface AaveReserveToken {
  asset: Address;
  symbol: string;
}

/**
 * The market's reserve list and symbols, kept per client: a known token costs no call; an unknown one reads the
 * list again (a reserve listed since) before it is a 422, and the list is read afresh after ten minutes anyway.
 */
const reserveLists = new WeakMap<PublicClient, Map<Address, { at: number; reserves: AaveReserveToken[] }>>();
const RESERVE_LIST_TTL_MS = 10 * 60_000;

async function readReserveTokens(client: PublicClient, market: AaveMarket): Promise<AaveReserveToken[]> {
  try {
    const assets = await readAaveReserveList(client, market, "latest");
    const symbols = await client.multicall({
      allowFailure: false,
      contracts: assets.map((asset) => ({ address: asset, abi: erc20Abi, functionName: "symbol" }) as const),
    });
    return assets.map((asset, i) => ({ asset: getAddress(asset), symbol: symbols[i]! }));
  } catch (error) {
    return rethrowRpc(market.chain, error);
  }
}

/**
 * A reserve's address and symbol by symbol or address (as listed now: a token is found by its address in the
 * past), or a 422 on `loc` naming what the market lists.
 */
export async function resolveAaveReserve(
  client: PublicClient,
  market: AaveMarket,
  text: string,
  loc: Loc,
): Promise<AaveReserveToken> {
  const byPool = reserveLists.get(client) ?? new Map();
  reserveLists.set(client, byPool);
  const cached = byPool.get(market.pool);
  if (cached && Date.now() - cached.at < RESERVE_LIST_TTL_MS) {
    const hit = matchAaveReserve(cached.reserves, text);
    if (hit) return hit;
  }
  const reserves = await readReserveTokens(client, market);
  byPool.set(market.pool, { at: Date.now(), reserves });
  return findAaveReserve(reserves, text, market.chain, loc);
}

/**
 * Every reserve's token as the data provider lists it (its symbol as the provider names it), with its decimals:
 * the list, then each reserve's configuration in one batch.
 */
export async function readAaveReserveTokens(client: PublicClient, market: AaveMarket): Promise<Erc20[]> {
  const listed = await client.readContract({
    address: market.dataProvider,
    abi: aaveProtocolDataProviderAbi,
    functionName: "getAllReservesTokens",
  });
  const configs = await Promise.all(
    listed.map((t) =>
      client.readContract({
        address: market.dataProvider,
        abi: aaveProtocolDataProviderAbi,
        functionName: "getReserveConfigurationData",
        args: [t.tokenAddress],
      }),
    ),
  );
  return listed.map((t, i) => ({
    address: getAddress(t.tokenAddress),
    symbol: t.symbol,
    decimals: Number(configs[i]![0]),
  }));
}

/** a reserve's aToken and its symbol, by chain, pool and reserve */
const aTokens = new Map<string, Promise<{ aToken: Address; aSymbol: string }>>();

/** The reserve's aToken and the aToken's symbol, read once. */
export function aaveATokenOf(
  client: PublicClient,
  market: AaveMarket,
  reserve: Address,
): Promise<{ aToken: Address; aSymbol: string }> {
  const key = `${client.chain?.id}|${market.pool}|${reserve}`.toLowerCase();
  let found = aTokens.get(key);
  if (!found) {
    found = (async () => {
      const [aToken] = await client.readContract({
        address: market.dataProvider,
        abi: aaveProtocolDataProviderAbi,
        functionName: "getReserveTokensAddresses",
        args: [reserve],
      });
      const aSymbol = await client.readContract({ address: aToken, abi: erc20Abi, functionName: "symbol" });
      return { aToken, aSymbol };
    })();
    aTokens.set(key, found);
    found.catch(() => aTokens.delete(key));
  }
  return found;
}
