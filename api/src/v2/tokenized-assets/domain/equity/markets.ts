import { erc20Abi } from "viem";
import { rethrowRpc } from "../../../../kernel/chain/clients.ts";
import { NEXT_BLOCK } from "../../../../kernel/chain/next-block.ts";
import { formatDecimal, parseDecimal } from "../../../../kernel/lib/format.ts";
import type { ChainName } from "../../../../kernel/schemas/common.ts";
import { INTERVAL_SECONDS, type Interval, RANGE_SECONDS, type Range } from "../candles.ts";
import type { MarketItem } from "../market-item.ts";
import { holderCount } from "../onchain-stats.ts";
import type { TokenizedAssetsContext } from "../ports.ts";
import { tradingStatus } from "../status.ts";
import { type KnownToken, usdcToken } from "../tokens.ts";

const E18 = 10n ** 18n;

/** Current USD prices of the equities, 18 decimals, from the order relay's price API. */
export async function equityPrices(
  ctx: TokenizedAssetsContext,
  tokens: KnownToken[],
): Promise<Map<string, bigint>> {
  if (!tokens.length) return new Map();
  const prices = await ctx.services.equityRelay.prices(tokens.map((t) => t.address));
  return new Map(
    tokens.flatMap((t) => {
      const price = prices[t.address.toLowerCase()];
      return price === undefined ? [] : [[t.address, parseDecimal(price, 18)] as const];
    }),
  );
}

/**
 * Tokenized equities as market items: price and its 24 h change from the relay's price API, supply and the
 * trading status (NYSE regular session) from chain time. No APY: a share's price is not a yield.
 */
export async function equityMarketItems(
  ctx: TokenizedAssetsContext,
  chain: ChainName,
  tokens: KnownToken[],
): Promise<MarketItem[]> {
  if (!tokens.length) return [];
  const client = ctx.services.chains.get(chain);
  const usdc = usdcToken(chain)!;
  const [prices, lines, supplies, block] = await Promise.all([
    equityPrices(ctx, tokens),
    Promise.all(tokens.map((t) => ctx.services.equityRelay.chart(t.address, usdc.address, "24H"))),
    Promise.all(
      tokens.map((t) =>
        client
          .readContract({
            blockTag: NEXT_BLOCK,
            address: t.address,
            abi: erc20Abi,
            functionName: "totalSupply",
          })
          .catch((error) => rethrowRpc(chain, error)),
      ),
    ),
    client.getBlock().catch((error) => rethrowRpc(chain, error)),
  ]);
  const now = Number(block.timestamp);
  return tokens.flatMap((token, i) => {
    const price = prices.get(token.address);
    if (price === undefined) return [];
    const asset = token.asset!;
    const first = lines[i]![0];
    const before = first ? parseDecimal(first.value, 18) : undefined;
    return [
      {
        symbol: asset.symbol,
        underlying_ticker: asset.underlying_ticker,
        name: asset.name,
        contract_address: token.address,
        decimals: token.decimals,
        current_price_usd: formatDecimal(price, 18, 8),
        change_24h_usd: before === undefined ? null : formatDecimal(price - before, 18, 8),
        change_24h_pct:
          before === undefined || before === 0n
            ? null
            : formatDecimal(((price - before) * 100n * E18) / before, 18, 4),
        sectors: asset.sectors,
        region_exposure: asset.region_exposure,
        provider: asset.provider,
        asset_class: asset.asset_class,
        chain,
        apy_7d: null,
        apy_30d: null,
        tvl_usd: formatDecimal((supplies[i]! * price) / 10n ** BigInt(token.decimals), 18, 2),
        status: tradingStatus(asset.hours, false, now),
        restricted_jurisdictions: asset.restricted_jurisdictions,
      },
    ];
  });
}

/** MarketDetail of an equity: the item, 24 h history and the 52-week range from the relay's price lines. */
export async function equityDetail(
  ctx: TokenizedAssetsContext,
  chain: ChainName,
  token: KnownToken,
  candles?: { interval: Interval; range: Range },
) {
  const usdc = usdcToken(chain)!;
  const client = ctx.services.chains.get(chain);
  const block = await client.getBlock().catch((error) => rethrowRpc(chain, error));
  const now = Number(block.timestamp);
  const span = candles ? RANGE_SECONDS[candles.range] : null;
  const [items, day, year, holders, supply, ohlc] = await Promise.all([
    equityMarketItems(ctx, chain, [token]),
    ctx.services.equityRelay.chart(token.address, usdc.address, "24H"),
    ctx.services.equityRelay.chart(token.address, usdc.address, "1Y"),
    holderCount(ctx.services.chains.logs, client, token.address).catch((error) => rethrowRpc(chain, error)),
    client
      .readContract({
        blockTag: NEXT_BLOCK,
        address: token.address,
        abi: erc20Abi,
        functionName: "totalSupply",
      })
      .catch((error) => rethrowRpc(chain, error)),
    candles && token.asset!.candles
      ? ctx.services.equityRelay.candles(
          token.address,
          usdc.address,
          INTERVAL_SECONDS[candles.interval],
          // "all" starts where the relay's history does
          span === null ? 0 : now - span,
          now,
        )
      : undefined,
  ]);
  const item = items[0]!;
  const values = year.map((p) => parseDecimal(p.value, 18));
  const max = values.reduce((a, b) => (b > a ? b : a), values[0] ?? 0n);
  const min = values.reduce((a, b) => (b < a ? b : a), values[0] ?? 0n);
  const price = parseDecimal(item.current_price_usd, 18);
  return {
    ...item,
    price_history_24h: day.map((p) => ({ timestamp: new Date(p.time * 1000).toISOString(), price: p.value })),
    price_high_52w: values.length ? formatDecimal(max, 18, 8) : null,
    price_low_52w: values.length ? formatDecimal(min, 18, 8) : null,
    volume_24h: null,
    average_volume: null,
    shares_outstanding: formatDecimal(supply, token.decimals, token.decimals),
    market_cap: formatDecimal((supply * price) / 10n ** BigInt(token.decimals), 18, 2),
    total_holders: holders,
    tradable_sessions: ["regular"],
    shares_multiplier: "1",
    candles:
      ohlc?.map((c) => ({
        timestamp: new Date(c.time * 1000).toISOString(),
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
      })) ?? null,
  };
}
