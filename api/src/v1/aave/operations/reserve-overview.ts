import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveRead } from "../domain/context.ts";
import { decimalString, pickReserve, readReservesAt } from "../domain/market.ts";
import { AaveReserveOverviewResponse, AaveTokenQuery } from "../schemas.ts";

export const reserveOverview = defineOperation({
  method: "GET",
  path: "/v1/aave/reserve_overview",
  summary: "Reserve Overview",
  description:
    "`token`'s Aave v3 reserve on `chain` at `block` (or now): what is supplied (TVL) and borrowed, in USD at the pool's oracle, and the utilisation (borrowed ÷ supplied).",
  query: AaveTokenQuery("arbitrum"),
  response: AaveReserveOverviewResponse,
  widget: false,
  cli: { short: { chain: "c", token: "t", block: "b" } },
  async handler({ query }, ctx) {
    const { market, at } = await aaveRead(ctx, query.chain, query.block);
    const r = pickReserve(await readReservesAt(market, at.number), query.token, market, ["query", "token"]);
    const usd = (raw: bigint) => Number(decimalString((raw * r.priceUsd8) / 10n ** BigInt(r.decimals), 8));
    return {
      tvl: usd(r.totalAToken),
      total_borrowed: usd(r.totalDebt),
      utilization_ratio: r.totalAToken === 0n ? null : Number(r.totalDebt) / Number(r.totalAToken),
    };
  },
});
