import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0BalanceInfoResponse, V0GetErc20BalanceRequest } from "../schemas.ts";

export const genericBalance = defineOperation({
  name: "genericBalance",
  method: "POST",
  path: "/v0/generic/balance/get",
  summary: "Get token balance",
  description: "The user's balance of the token (`GET /v1/token/balance`).",
  body: V0GetErc20BalanceRequest,
  response: V0BalanceInfoResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_token_balance", {
      query: { chain: chainOf(body.chain), user: body.user, token: body.token },
    }).then((r) => ({
      amount: r.amount,
      decimals: r.decimals,
      token_symbol: body.token,
      token_address: r.token_address,
    })),
});
