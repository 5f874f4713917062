import { defineOperation } from "../../../kernel/registry/define.ts";
import type { EarnContext } from "../domain/ports.ts";
import { earnPositions } from "../domain/positions.ts";
import { EarnPositionsQuery, EarnPositionsResponse } from "../schemas.ts";

export const positions = defineOperation({
  method: "GET",
  path: "/v2/earn/positions",
  summary: "Positions of the Earn Account on one chain",
  description:
    "The Earn Account's vault, Aave and Pendle PT positions on `chain`, each with its deposits and withdrawals read from the protocols' own events and its PnL (FIFO cost basis: realised by withdrawals, unrealised on what is still held).",
  query: EarnPositionsQuery,
  response: EarnPositionsResponse,
  history: true,
  widget: true,
  cli: { short: { chain: "c" } },
  async handler({ query }, ctx: EarnContext) {
    return earnPositions({
      config: ctx.config,
      client: ctx.services.chains.get(query.chain, ["query", "chain"]),
      chain: query.chain,
      logs: ctx.services.chains.logs,
      owner: query.owner,
    });
  },
});
