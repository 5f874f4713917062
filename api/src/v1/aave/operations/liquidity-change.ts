import { defineOperation } from "../../../kernel/registry/define.ts";
import { liquidityIndexChange } from "../domain/liquidity-index.ts";
import { AaveLiquidityChangeQuery, AaveLiquidityChangeResponse } from "../schemas.ts";

export const liquidityChange = defineOperation({
  method: "GET",
  path: "/v1/aave/liquidity/change",
  summary: "Liquidity Index",
  description:
    "How much `token`'s Aave v3 liquidity index grew between `start_block` and `end_block`, in percent: what a deposit held over that span earned (the index at each block is the pool's last update before it, grown at its rate, as the pool computes it).",
  query: AaveLiquidityChangeQuery,
  response: AaveLiquidityChangeResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c", token: "t" } },
  async handler({ query }, ctx) {
    return liquidityIndexChange(ctx, query);
  },
});
