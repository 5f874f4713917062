import { defineOperation } from "../../../kernel/registry/define.ts";
import { aaveWrite } from "../domain/writes.ts";
import { AaveSupplyRequest, AaveTransactionResponse } from "../schemas.ts";

export const supply = defineOperation({
  method: "POST",
  path: "/v1/aave/supply",
  summary: "Supply/Lend",
  description:
    "A transaction for `sender` that supplies `amount` of `token` to Aave v3 on `chain`, credited to `on_behalf_of` (default the sender). The sender must hold the amount and have approved the Aave pool for it (checked first: 422).",
  body: AaveSupplyRequest,
  response: AaveTransactionResponse,
  widget: false,
  cli: { short: { chain: "c" } },
  handler: ({ body }, ctx) => aaveWrite("supply", body, ctx),
});
