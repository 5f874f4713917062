import { defineOperation } from "../../../kernel/registry/define.ts";
import { readAllowance } from "../domain/allowance.ts";
import { AllowanceInfoResponse, AllowanceQuery } from "../schemas.ts";

export const allowance = defineOperation({
  method: "GET",
  path: "/v1/generic/allowance",
  summary: "Get Allowance",
  description:
    "How much of `token` `user` lets `contract` (a protocol's contract by name, e.g. `AaveV3Pool`, or any address) spend on `chain`.",
  query: AllowanceQuery,
  response: AllowanceInfoResponse,
  errors: [{ status: 502, description: "chain RPC unreachable" }],
  widget: false,
  cli: { short: { chain: "c", user: "u", token: "t" } },
  async handler({ query }, ctx) {
    return readAllowance(ctx, query);
  },
});
