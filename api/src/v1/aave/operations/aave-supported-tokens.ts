import { defineOperation } from "../../../kernel/registry/define.ts";
import { reserveOpen } from "../../../protocols/aave/index.ts";
import { aaveRead } from "../domain/context.ts";
import { reservesAt } from "../domain/reserves.ts";
import { AaveSupportedTokensQuery, AaveSupportedTokensResponse } from "../schemas.ts";

export const aaveSupportedTokens = defineOperation({
  method: "GET",
  path: "/v1/aave/aave_supported_tokens",
  summary: "Aave Supported Tokens",
  description:
    "Every reserve of Aave v3 on `chain` at `block` (or now): its token's symbol and address, and whether it can be supplied as collateral and borrowed then (active, not frozen or paused, and enabled).",
  query: AaveSupportedTokensQuery,
  response: AaveSupportedTokensResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c", block: "b" } },
  async handler({ query }, ctx) {
    const { client, market, at } = await aaveRead(ctx, query.chain, query.block);
    const reserves = await reservesAt(client, market, at.number);
    return {
      tokens: reserves.map((r) => ({
        symbol: r.symbol,
        address: r.asset,
        supplying_enabled: reserveOpen(r) && r.collateralEnabled,
        borrowing_enabled: reserveOpen(r) && r.borrowingEnabled,
      })),
    };
  },
});
