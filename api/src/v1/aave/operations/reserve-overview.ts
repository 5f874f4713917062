import { formatDecimal } from "../../../kernel/lib/format.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { valueUsd8 } from "../../../protocols/aave/index.ts";
import { aaveRead } from "../domain/context.ts";
import { reserveAt } from "../domain/reserves.ts";
import { AaveReserveOverviewResponse, AaveTokenQuery } from "../schemas.ts";

export const reserveOverview = defineOperation({
  method: "GET",
  path: "/v1/aave/reserve_overview",
  summary: "Reserve Overview",
  description:
    "`token`'s Aave v3 reserve on `chain` at `block` (or now): what is supplied (TVL) and borrowed, in USD at the pool's oracle, and the utilisation (borrowed ÷ supplied).",
  query: AaveTokenQuery("arbitrum"),
  response: AaveReserveOverviewResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c", token: "t", block: "b" } },
  async handler({ query }, ctx) {
    const { client, market, at } = await aaveRead(ctx, query.chain, query.block);
    const r = await reserveAt(client, market, at.number, query.token, ["query", "token"]);
    const usd = (raw: bigint) => Number(formatDecimal(valueUsd8(r, raw), 8));
    const debt = r.totalStableDebt + r.totalVariableDebt;
    return {
      tvl: usd(r.totalAToken),
      total_borrowed: usd(debt),
      utilization_ratio: r.totalAToken === 0n ? null : Number(debt) / Number(r.totalAToken),
    };
  },
});
