import { erc20Abi } from "viem";
import { resolveErc20 } from "../../../kernel/chain/erc20.ts";
import { jsonInt } from "../../../kernel/lib/amounts.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { marketFigures, morphoMarketIds, usdOf, windowApys } from "../domain/markets.ts";
import { MarketsQuery, MorphoGetMarketsResponse } from "../schemas.ts";

export const markets = defineOperation({
  method: "GET",
  path: "/v1/morpho/markets",
  summary: "Get Markets",
  description:
    "Every Morpho Blue market on `chain` (the singleton's CreateMarket events), optionally those with `collateral_token` or lending `loan_token`: parameters, totals, current APYs (fractions: the rate model's borrow rate compounded over a year, suppliers' share of it) and the week's, from the market's own events.",
  query: MarketsQuery,
  response: MorphoGetMarketsResponse,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx) {
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
  },
});
