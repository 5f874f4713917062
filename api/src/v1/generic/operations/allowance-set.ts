import { defineOperation } from "../../../kernel/registry/define.ts";
import { V1TransactionResponse } from "../../../kernel/schemas/v1.ts";
import { buildSetAllowance } from "../domain/allowance.ts";
import { SetAllowanceRequest } from "../schemas.ts";

export const allowanceSet = defineOperation({
  method: "POST",
  path: "/v1/generic/allowance/set",
  summary: "Set Allowance",
  description:
    "A transaction for `sender` that sets how much of `token` `contract` (a protocol's contract by name, e.g. `AaveV3Pool`, or any address) may spend: ERC-20 `approve`, replacing the allowance (0 revokes it).",
  body: SetAllowanceRequest,
  response: V1TransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  async handler({ body }, ctx) {
    return buildSetAllowance(ctx, body);
  },
});
