import { getAddress } from "viem";
import { formatDecimal } from "../../../kernel/lib/format.ts";
import { defineOperation } from "../../../kernel/registry/define.ts";
import { maxBorrow, readMorphoPosition, WAD } from "../../../protocols/morpho/index.ts";
import { marketFigures, marketKey, morphoMarketIds } from "../domain/markets.ts";
import { MarketPositionQuery, MorphoCheckMarketPositionResponse } from "../schemas.ts";

export const marketPosition = defineOperation({
  method: "GET",
  path: "/v1/morpho/market_position",
  summary: "Check Market Position",
  description:
    "`user_address`'s borrow in a Morpho Blue market: its borrow shares, what they owe now (interest to the next block included, rounded up as Morpho rounds it), its collateral, and its LTV at the market's oracle against the market's LLTV, past which it can be liquidated.",
  query: MarketPositionQuery,
  response: MorphoCheckMarketPositionResponse,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user_address: "u" } },
  async handler({ query }, ctx) {
    const loc = ["query", "unique_market_key"];
    const id = marketKey(query.unique_market_key, loc);
    const { client, morpho } = await morphoMarketIds(ctx, query.chain);
    const { m } = await marketFigures(ctx, query.chain, client, morpho, id, loc);
    const p = await readMorphoPosition(client, m, getAddress(query.user_address));
    // the collateral's worth in loan tokens at the LLTV is maxBorrow; at 100 % it is that over the LLTV
    const worth = m.params.lltv === 0n ? 0n : (maxBorrow(m, p.collateral) * WAD) / m.params.lltv;
    return {
      borrow_shares:
        Number(p.borrowShares) <= Number.MAX_SAFE_INTEGER
          ? Number(p.borrowShares)
          : p.borrowShares.toString(),
      borrow_amount: formatDecimal(p.borrowed, m.loan.decimals),
      collateral_amount: formatDecimal(p.collateral, m.collateral.decimals),
      current_loan_to_value: worth === 0n ? "0" : formatDecimal((p.borrowed * WAD) / worth, 18, 6),
      liquidation_loan_to_value_threshold: formatDecimal(m.params.lltv, 18),
    };
  },
});
