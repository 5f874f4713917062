import { defineOperation } from "../../../kernel/registry/define.ts";
import type { EarnContext } from "../domain/ports.ts";
import { earnPositionsAll } from "../domain/positions.ts";
import { EarnPositionsAllQuery, EarnPositionsAllResponse } from "../schemas.ts";

export const positionsAll = defineOperation({
  method: "GET",
  path: "/v2/earn/positions_all",
  summary: "Positions of the Earn Account on every chain",
  description:
    "`positions` for Ethereum, Base and Arbitrum at once, read in parallel; a chain where the account holds nothing (or that this deployment does not serve) has empty lists.",
  query: EarnPositionsAllQuery,
  response: EarnPositionsAllResponse,
  history: true,
  widget: true,
  async handler({ query }, ctx: EarnContext) {
    return earnPositionsAll({ config: ctx.config, chains: ctx.services.chains, owner: query.owner });
  },
});
