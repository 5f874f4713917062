import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveRead } from "../domain/context.ts";
import { readPositionPerToken } from "../domain/positions.ts";
import { reserveAt } from "../domain/reserves.ts";
import { AaveUserPositionPerTokenResponse, AaveUserTokenQuery } from "../schemas.ts";

export const userPositionPerToken = defineOperation({
  method: "GET",
  path: "/v1/aave/user_position_per_token",
  summary: "Positions - per Token",
  description:
    "`user`'s position in `token`'s Aave v3 reserve on `chain` at `block` (or now): aTokens held (the supply with its interest), stable and variable debt and their principal, and the rates that apply (fractions).",
  query: AaveUserTokenQuery,
  response: AaveUserPositionPerTokenResponse,
  history: true,
  widget: false,
  cli: { short: { chain: "c", user: "u", token: "t", block: "b" } },
  async handler({ query }, ctx) {
    const { client, market, at } = await aaveRead(ctx, query.chain, query.block);
    const r = await reserveAt(client, market, at.number, query.token, ["query", "token"]);
    return readPositionPerToken(client, market, query.user, r, at.number);
  },
});
