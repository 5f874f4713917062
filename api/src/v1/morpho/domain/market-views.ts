import { erc20Abi } from "viem";
import type { z } from "zod";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import type { Context } from "../../../kernel/context.ts";
import { jsonInt } from "../../../kernel/lib/amounts.ts";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import type { MarketQuery, MarketsQuery } from "../schemas.ts";
import { marketFigures, marketKey, morphoMarketIds, usdOf, windowApys } from "./markets.ts";

/**
 * GET /v1/morpho/markets: every market of the chain's Morpho Blue, optionally those with `collateral_token` or
 * lending `loan_token`, with its parameters, totals, APYs now and over the week (read at one head block).
 */
export async function listMarkets(ctx: Context, query: z.output<typeof MarketsQuery>) {
  const { client, morpho, logs, ids } = await morphoMarketIds(ctx, query.chain);
  // one head block for every market read
  const head = client.getBlock({ blockTag: "latest" });
  head.catch(() => {});
  const [collateral, loan] = await Promise.all([
    query.collateral_token
      ? resolveErc20(ctx.config, client, query.chain, query.collateral_token, ["query", "collateral_token"])
      : undefined,
    query.loan_token
      ? resolveErc20(ctx.config, client, query.chain, query.loan_token, ["query", "loan_token"])
      : undefined,
  ]);
  const all = await Promise.all(
    ids.map((id) => marketFigures(ctx, query.chain, client, morpho, id, ["query", "chain"], head)),
  );
  const chosen = all.filter(
    (f) =>
      (!collateral || f.m.params.collateralToken === collateral.address) &&
      (!loan || f.m.params.loanToken === loan.address),
  );
  const names = new Map<string, Promise<string>>();
  const name = (a: `0x${string}`) => {
    if (!names.has(a))
      names.set(
        a,
        client.readContract({ address: a, abi: erc20Abi, functionName: "name" }).catch(() => ""),
      );
    return names.get(a)!;
  };
  return {
    markets: await Promise.all(
      chosen.map(async (f) => {
        const weekly = (await windowApys(client, logs, f, query.chain, head)).weeklyApys;
        const asset = async (t: { address: `0x${string}`; symbol: string; decimals: number }) => ({
          address: t.address,
          symbol: t.symbol,
          name: await name(t.address),
          decimals: t.decimals,
        });
        return {
          uniqueKey: f.m.id,
          lltv: jsonInt(f.m.params.lltv),
          oracleAddress: f.m.params.oracle,
          irmAddress: f.m.params.irm,
          state: {
            borrowApy: f.borrowApy,
            borrowAssets: jsonInt(f.m.totalBorrowAssets),
            borrowAssetsUsd: usdOf(f.m.totalBorrowAssets, f.m.loan.decimals, f.loanUsd),
            supplyApy: f.supplyApy,
            supplyAssets: jsonInt(f.m.totalSupplyAssets),
            supplyAssetsUsd: usdOf(f.m.totalSupplyAssets, f.m.loan.decimals, f.loanUsd),
            fee: Number(f.m.fee) / 1e18,
            utilization: f.utilization,
          },
          weeklyApys: {
            supplyApy: Number(weekly.supplyApy),
            netSupplyApy: Number(weekly.netSupplyApy),
            borrowApy: Number(weekly.borrowApy),
            netBorrowApy: Number(weekly.netBorrowApy),
          },
          collateralAsset:
            f.m.params.collateralToken === "0x0000000000000000000000000000000000000000"
              ? null
              : await asset(f.m.collateral),
          loanAsset: await asset(f.m.loan),
        };
      }),
    ),
  };
}

/**
 * GET /v1/morpho/market: one market by its id, its totals and liquidity with USD values at the chain's oracle and
 * its APYs over the last day, week, month, year and its life.
 */
export async function marketDetail(ctx: Context, query: z.output<typeof MarketQuery>) {
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
}
