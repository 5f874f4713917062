import { defineOperation } from "../../kernel/registry/define.ts";
import { v0Write } from "../domain/adapt.ts";
import type { V0Context } from "../domain/ports.ts";
import { V0AaveSupplyRequest, V0UnsignedTransaction } from "../schemas.ts";

export const aaveSupply = defineOperation({
  name: "aaveSupply",
  method: "POST",
  path: "/v0/aave/supply",
  summary: "Supply/Lend",
  description: "A transaction that supplies `amount` of the asset to Aave V3 (`POST /v1/aave/supply`).",
  body: V0AaveSupplyRequest,
  response: V0UnsignedTransaction,
  readOnly: false,
  idempotent: false,
  handler: ({ body }, ctx: V0Context) =>
    v0Write(ctx, "v1_aave_supply", body, {
      token: body.asset,
      amount: body.amount,
      on_behalf_of: body.on_behalf_of,
    }),
});
