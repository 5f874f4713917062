import { erc20Abi } from "viem";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { marketFigures, marketKey, morphoMarketIds, windowApys } from "../domain/markets.ts";
import { MarketQuery, MorphoGetMarketResponse } from "../schemas.ts";

export const market = defineOperation({
  method: "GET",
  path: "/v1/morpho/market",
  summary: "Get Market",
  description:
    "One Morpho Blue market by its id: parameters, totals and liquidity (with USD values at the chain's oracle), and its supply and borrow APYs (fractions) over the last day, week, month, year and its life — each the growth of what a supply or borrow share is worth, as the market's own events priced the share then.",
  query: MarketQuery,
  response: MorphoGetMarketResponse,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
    const loc = ["query", "unique_market_key"];
    const id = marketKey(query.unique_market_key, loc);
    const { client, morpho, logs } = await morphoMarketIds(ctx, query.chain);
    const head = client.getBlock({ blockTag: "latest" });
    head.catch(() => {});
    const f = await marketFigures(ctx, query.chain, client, morpho, id, loc, head);
    const apys = await windowApys(client, logs, f, query.chain, head);
    const { m } = f;
    const usd = (raw: bigint, decimals: number, price: bigint | null) =>
      price === null ? null : formatDecimal((raw * price) / 10n ** BigInt(decimals), 18, 2);
    const liquidity =
      m.totalSupplyAssets > m.totalBorrowAssets ? m.totalSupplyAssets - m.totalBorrowAssets : 0n;
    const asset = async (
      t: { address: `0x${string}`; symbol: string; decimals: number },
      price: bigint | null,
    ) => ({
      address: t.address,
      symbol: t.symbol,
      name: await client.readContract({ address: t.address, abi: erc20Abi, functionName: "name" }),
      decimals: t.decimals,
      priceUsd: price === null ? null : formatDecimal(price, 18),
      logoURI: null,
    });
    return {
      whitelisted: true,
      lltv: m.params.lltv.toString(),
      ...apys,
      collateralAsset: await asset(m.collateral, f.collateralUsd),
      loanAsset: await asset(m.loan, f.loanUsd),
      state: {
        utilization: f.utilization.toFixed(6),
        // Morpho Blue keeps no per-market collateral total on chain (only each position's)
        collateralAssets: null,
        collateralAssetsUsd: null,
        borrowAssets: formatDecimal(m.totalBorrowAssets, m.loan.decimals),
        borrowAssetsUsd: usd(m.totalBorrowAssets, m.loan.decimals, f.loanUsd),
        liquidityAssets: formatDecimal(liquidity, m.loan.decimals),
        liquidityAssetsUsd: usd(liquidity, m.loan.decimals, f.loanUsd),
        totalLiquidity: formatDecimal(m.totalSupplyAssets, m.loan.decimals),
        totalLiquidityUsd: usd(m.totalSupplyAssets, m.loan.decimals, f.loanUsd),
      },
    };
  },
});
