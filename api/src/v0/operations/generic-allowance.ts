import { defineOperation } from "../../kernel/registry/define.ts";
import { chainOf, viaV1 } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AllowanceInfoResponse, V0GetErc20AllowanceRequest } from "../schemas.ts";

export const genericAllowance = defineOperation({
  name: "genericAllowance",
  method: "POST",
  path: "/v0/generic/allowance/get",
  summary: "Get allowance",
  description:
    "How much of the token the user has approved the named contract for (`GET /v1/generic/allowance`).",
  body: V0GetErc20AllowanceRequest,
  response: V0AllowanceInfoResponse,
  readOnly: true,
  idempotent: true,
  handler: ({ body }, ctx: V0Context) =>
    viaV1(ctx, "v1_generic_allowance", {
      query: { chain: chainOf(body.chain), user: body.user, token: body.token, contract: body.contract_name },
    }).then((r) => ({
      amount: r.amount,
      decimals: r.decimals,
      token_symbol: body.token,
      token_address: r.token_address,
      contract_address: r.contract_address,
    })),
});
